package org.tsdbbench.common.bench;

import org.tsdbbench.common.query.Answer;
import org.tsdbbench.common.query.LogicalQuery;

/** A query ready to run: its text in the database's dialect and the answer it must give. */
public record PreparedQuery(LogicalQuery query, String text, Answer answer) {
    public String id() {
        return query.id();
    }
}
