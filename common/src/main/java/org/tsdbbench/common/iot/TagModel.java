package org.tsdbbench.common.iot;

/**
 * Which tags a stored record answers to, which decides the expected answers where a record left a
 * tag null: the databases keep TSBS's per-record nulls differently.
 */
public enum TagModel {
    /**
     * Each record keeps its own tags, a null one included: InfluxDB's series (a line without the
     * tag), TimescaleDB's tags row, any SQL table with tag columns per row.
     */
    RECORD,
    /**
     * TDengine's layout of report C: one sub-table per name and table ({@code r_<name>},
     * {@code d_<name>}) created with the truck's tags, so a named record answers to its truck's tags
     * whatever it left null; the records without a name go to {@code r_truck_null} /
     * {@code d_truck_null}, whose tags are all null. (TSBS's TDengine loader gives a table the tags of
     * its first line instead; creating it from the truck's tags makes the layout independent of the
     * order the clients write in.)
     */
    TABLE
}
