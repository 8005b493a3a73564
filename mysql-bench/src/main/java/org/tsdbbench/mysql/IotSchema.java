package org.tsdbbench.mysql;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.IotTag;

/**
 * The IoT trucks' layout in InnoDB, TSBS's for SQL databases: a {@code tags} table with a row per tag
 * set (a record that leaves a tag null has a tags row with that tag NULL, so each record keeps its
 * own tags: {@link org.tsdbbench.common.iot.TagModel#RECORD}) and a table per measurement,
 * {@code readings} and {@code diagnostics}, whose rows refer to their tags row by {@code tags_id}.
 *
 * <ul>
 * <li>{@code ts} is a BIGINT of epoch nanoseconds, TSBS's own time: exact whatever a file holds, and
 *     a 10-minute bucket or a day is integer division ({@code ts DIV 600000000000}).
 * <li>The measurements are clustered by {@code (tags_id, ts, id)}: each tags row's records
 *     together in time order, so a fleet's window, a truck's latest record and a whole-table scan
 *     all read the primary key in order, TSBS's {@code (tags_id, time DESC)} index being the table
 *     itself. {@code id} (AUTO_INCREMENT, with the key InnoDB needs for it) makes the key unique
 *     without refusing a record: a file's records without a name may share their tags and time,
 *     and every one is kept (what TimescaleDB's hypertables keep too).
 * <li>NULL is distinct from NULL in a MariaDB unique index, so the tags rows are unique by
 *     {@code tag_set}, the client's text of the whole set ({@link TagIds}), not by the tag columns.
 *     Texts compare byte by byte ({@code utf8mb4_bin}): groups are exactly the values written.
 * <li>Fields are DOUBLEs, diagnostics' {@code status} a BIGINT (whole numbers, the workload's type).
 * </ul>
 */
final class IotSchema {

    static final String TAGS = "tags";
    /** The tag columns of {@code tags}, in {@link IotTag} order. */
    static final String TAG_COLUMNS = java.util.Arrays.stream(IotTag.values()).map(t -> t.key).collect(Collectors.joining(","));
    /** The longest text tag value stored (report C's TDengine schema has VARCHAR(30)). */
    static final int TEXT_TAG_LENGTH = 64;

    private IotSchema() {
    }

    /** The columns a write sends for a table, in order: the time, the tags row, the fields. */
    static String columns(IotTable table) {
        return "ts,tags_id," + String.join(",", table.fields());
    }

    static List<String> drop() {
        return List.of("DROP TABLE IF EXISTS " + IotTable.READINGS.measurement, "DROP TABLE IF EXISTS " + IotTable.DIAGNOSTICS.measurement,
                "DROP TABLE IF EXISTS " + TAGS);
    }

    static List<String> create() {
        List<String> ddl = new ArrayList<>();
        StringBuilder tags = new StringBuilder("CREATE TABLE " + TAGS + " (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, tag_set VARBINARY(2048) NOT NULL");
        for (IotTag t : IotTag.values()) tags.append(", ").append(t.key).append(t.numeric ? " DOUBLE" : " VARCHAR(" + TEXT_TAG_LENGTH + ")");
        tags.append(", UNIQUE KEY tag_set (tag_set), KEY name (name)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin");
        ddl.add(tags.toString());
        for (IotTable table : IotTable.values()) {
            String fields = java.util.stream.IntStream.range(0, table.fieldCount())
                    .mapToObj(f -> table.fields().get(f) + (table.isInteger(f) ? " BIGINT" : " DOUBLE")).collect(Collectors.joining(", "));
            ddl.add("CREATE TABLE " + table.measurement + " (ts BIGINT NOT NULL, tags_id INT NOT NULL, " + fields
                    + ", id BIGINT NOT NULL AUTO_INCREMENT, PRIMARY KEY (tags_id, ts, id), KEY id (id)) ENGINE=InnoDB");
        }
        return ddl;
    }
}
