package org.tsdbbench.common.workload;

import java.util.List;

/**
 * One table (measurement) of a workload: its time column, its tags (what identifies a series)
 * and its fields (the measured values), each typed. What a schema, a line of line protocol or a
 * dialect's column list is made from.
 */
public record Table(String name, String timeColumn, List<Column> tags, List<Column> fields) {

    public Table {
        tags = List.copyOf(tags);
        fields = List.copyOf(fields);
    }

    /** The value types the workloads use. */
    public enum Type {
        INT, BIGINT, FLOAT, DOUBLE, TEXT
    }

    /** A tag or field: its name, its type, and whether a row may leave it null. */
    public record Column(String name, Type type, boolean nullable) {
        /** A column every row fills. */
        public static Column of(String name, Type type) {
            return new Column(name, type, false);
        }

        /** A column a row may leave null. */
        public static Column nullable(String name, Type type) {
            return new Column(name, type, true);
        }
    }
}
