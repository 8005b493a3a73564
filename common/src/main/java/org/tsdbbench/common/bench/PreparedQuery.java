package org.tsdbbench.common.bench;

import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.query.Answer;
import org.tsdbbench.common.query.LogicalQuery;

/** A query ready to run: its text in the database's dialect and the answer it must give. */
public record PreparedQuery(LogicalQuery query, String text, Answer answer) {
    public String id() {
        return query.id();
    }

    /** Runs the query and checks every row it returns: a wrong answer throws, naming what differs. */
    public long runChecked(Session session) throws DatabaseException {
        Answer.Check check = answer.newCheck();
        session.query(query, text, check);
        String mismatch = check.mismatch();
        if (mismatch != null) throw new IllegalStateException("wrong answer: " + mismatch);
        return check.rows();
    }
}
