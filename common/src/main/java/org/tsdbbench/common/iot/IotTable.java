package org.tsdbbench.common.iot;

import java.util.List;

/**
 * The two measurements of TSBS's IoT use case: {@code readings} (seven doubles) and
 * {@code diagnostics} (two doubles and the integer {@code status}). Both carry the eight
 * {@link IotTag}s.
 */
public enum IotTable {
    READINGS("readings", List.of("latitude", "longitude", "elevation", "velocity", "heading", "grade", "fuel_consumption"), -1),
    DIAGNOSTICS("diagnostics", List.of("fuel_state", "current_load", "status"), 2);

    // Column indexes of the fields, as in a batch's field arrays.
    public static final int LATITUDE = 0;
    public static final int LONGITUDE = 1;
    public static final int ELEVATION = 2;
    public static final int VELOCITY = 3;
    public static final int HEADING = 4;
    public static final int GRADE = 5;
    public static final int FUEL_CONSUMPTION = 6;
    public static final int FUEL_STATE = 0;
    public static final int CURRENT_LOAD = 1;
    public static final int STATUS = 2;

    /** The most fields of a table (readings' seven). */
    public static final int MAX_FIELDS = 7;

    /** The measurement's name in line protocol and its table name in SQL. */
    public final String measurement;
    private final List<String> fields;
    private final int integerField;

    IotTable(String measurement, List<String> fields, int integerField) {
        this.measurement = measurement;
        this.fields = fields;
        this.integerField = integerField;
    }

    public List<String> fields() {
        return fields;
    }

    public int fieldCount() {
        return fields.size();
    }

    /** Whether field {@code f} is an integer (diagnostics' status, {@code 3i} in line protocol); the others are doubles. */
    public boolean isInteger(int f) {
        return f == integerField;
    }

    /** The column index of a field, or -1. */
    public int fieldIndex(String name) {
        return fields.indexOf(name);
    }
}
