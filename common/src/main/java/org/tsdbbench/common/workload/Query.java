package org.tsdbbench.common.workload;

/**
 * One query of a workload's catalog, independent of any database. Its id names it in query files,
 * JMH parameters, manifests and reports, and {@link Workload#query} parses it back.
 */
public interface Query {
    String id();
}
