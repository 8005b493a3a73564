package org.tsdbbench.common.iot;

/**
 * How a database keeps the IoT records, which decides the expected answers: which tags a stored
 * record answers to where it left one null, and which records it keeps as one. Only records
 * without a name can share a key (a truck has one record per table and time), and a source writes
 * them all from one client in stream order, never two of one key in one request
 * ({@link TruckBatch}), so "the later" below is a known record.
 */
public enum TagModel {
    /**
     * Each record keeps its own tags, a null one included, and every record is kept (no key two
     * records can share): TimescaleDB's tags row, MySQL's and ClickHouse's tag columns per row.
     */
    RECORD,
    /**
     * Each record keeps its own tags, and records with the same tags and time are one point: the
     * later one's fields overwrite, a field it leaves null keeps the earlier value (InfluxDB's and
     * CnosDB's series, a point per field and series in OpenTSDB, an upsert by primary key in
     * Cassandra that writes no null).
     */
    SERIES,
    /**
     * TDengine's layout of report C: one sub-table per name and table ({@code r_<name>},
     * {@code d_<name>}) created with the truck's tags, so a named record answers to its truck's tags
     * whatever it left null; the records without a name go to {@code r_truck_null} /
     * {@code d_truck_null}, whose tags are all null, one row per time: the later record's row
     * replaces the earlier whole, a null field included (TDengine 3.3 across requests). (TSBS's
     * TDengine loader gives a table the tags of its first line instead; creating it from the truck's
     * tags makes the layout independent of the order the clients write in.)
     */
    TABLE;

    /** How a record of this model is told apart, for messages: the key two records without a name share. */
    String key() {
        return switch (this) {
            case RECORD -> "none";
            case SERIES -> "series (tags) and time";
            case TABLE -> "name (the no-name table) and time";
        };
    }
}
