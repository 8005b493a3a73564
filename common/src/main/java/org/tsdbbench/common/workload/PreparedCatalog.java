package org.tsdbbench.common.workload;

import java.util.List;

/** A workload's catalog in one dialect: the queries it can say, ready to run, and the ids of those it cannot (absent, never faked). */
public record PreparedCatalog(List<PreparedQuery> queries, List<String> absent) {
    public PreparedCatalog {
        queries = List.copyOf(queries);
        absent = List.copyOf(absent);
    }
}
