package org.tsdbbench.clickhouse;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.IotTag;

/**
 * The IoT trucks in ClickHouse (our layout; TSBS's ClickHouse target keeps a tags table and joins
 * it, which these queries need not): one MergeTree table per measurement, {@code readings} and
 * {@code diagnostics}, each row holding its record's own eight tags as columns (a tag TSBS left
 * null is NULL: {@code TagModel.RECORD}), the time {@code ts} as an Int64 of nanoseconds since the
 * epoch (18.16 has no DateTime64; the records' times kept exactly) and the fields, NULL where TSBS
 * left one out. Texts are {@code Nullable(String)}, numbers {@code Nullable(Float64)}, diagnostics'
 * status {@code Nullable(Int64)}.
 *
 * <p>Sorted by {@code (ifNull(fleet, ''), ifNull(name, ''), ts)}: five of the queries take one
 * fleet, and their condition {@code ifNull(fleet, '') = 'F'} is the key's own expression, so the
 * primary index reads that fleet's granules only; inside a fleet each truck's records lie together
 * in time order, which the per-truck groupings (latest record, 10-minute buckets) read in sequence.
 * A Nullable column cannot be part of the key before ClickHouse 20.x ({@code allow_nullable_key}),
 * hence {@code ifNull} (a null fleet or name sorts as the empty text; the records keep their NULL).
 * No partitions: the data sets are days to a month, and one partition lets OPTIMIZE ... FINAL
 * merge each table into one part for the disk figure.
 */
final class IotLayout {

    /** Sort key: the fleet, then the truck, then time. */
    static final String ORDER_BY = "(ifNull(fleet, ''), ifNull(name, ''), ts)";
    /** The fleet condition in the key's own terms (a fleet of a query id is letters, digits, _ and -: nothing to escape). */
    static final String FLEET_KEY = "ifNull(fleet, '')";

    private IotLayout() {
    }

    /** The columns in table order, the order of a TabSeparated row: {@code ts}, the eight tags, the fields. */
    static List<String> columns(IotTable table) {
        List<String> c = new java.util.ArrayList<>();
        c.add("ts");
        for (IotTag t : IotTag.values()) c.add(t.key);
        c.addAll(table.fields());
        return c;
    }

    static String create(String database, IotTable table) {
        String tags = Arrays.stream(IotTag.values()).map(t -> t.key + (t.numeric ? " Nullable(Float64)" : " Nullable(String)"))
                .collect(Collectors.joining(", "));
        StringBuilder fields = new StringBuilder();
        for (int f = 0; f < table.fieldCount(); f++) {
            fields.append(", ").append(table.fields().get(f)).append(table.isInteger(f) ? " Nullable(Int64)" : " Nullable(Float64)");
        }
        return "CREATE TABLE " + database + "." + table.measurement + " (ts Int64, " + tags + fields + ") ENGINE = MergeTree() ORDER BY " + ORDER_BY;
    }

    static String drop(String database, IotTable table) {
        return "DROP TABLE IF EXISTS " + database + "." + table.measurement;
    }
}
