package org.tsdbbench.cnosdb;

import java.util.Arrays;
import java.util.List;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.IotTag;
import org.tsdbbench.common.iot.TableRows;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.iot.TruckEncodings;
import org.tsdbbench.common.iot.TruckLines;
import org.tsdbbench.common.iot.Trucks;

/**
 * The IoT trucks in CnosDB as TSBS writes them (its influx format: line protocol with nanosecond
 * times) and as CnosDB's docs lay out data: tables {@code readings} and
 * {@code diagnostics}, the truck's texts as tags ({@code name, fleet, driver, model,
 * device_version}: they say which truck a record comes from, and are indexed), its three numbers
 * ({@code load_capacity, fuel_capacity, nominal_fuel_consumption}) as DOUBLE fields beside the
 * measured ones (line protocol's tags are text), diagnostics' {@code status} BIGINT, nanosecond
 * time (the database is created WITH PRECISION 'ns'). A null tag or field is left out of the line,
 * so each record keeps its own tags ({@code TagModel.RECORD}). One instance per session: it keeps
 * the tags' texts of the trucks it last wrote, and each truck's line start (its tags and numbers,
 * {@link TruckEncodings}), so a line costs no object.
 */
public final class IotLayout {

    static final String PRECISION = "ns";

    private static final IotTag[] TEXT_TAGS = Arrays.stream(IotTag.values()).filter(t -> !t.numeric).toArray(IotTag[]::new);
    private static final IotTag[] NUMBER_TAGS = Arrays.stream(IotTag.values()).filter(t -> t.numeric).toArray(IotTag[]::new);

    static final List<String> CREATE_TABLES = Arrays.stream(IotTable.values()).map(IotLayout::createTable).toList();

    static final List<String> DESCRIPTION = List.of("tables readings (latitude, longitude, elevation, velocity, heading, grade,"
            + " fuel_consumption DOUBLE) and diagnostics (fuel_state, current_load DOUBLE, status BIGINT), each also with"
            + " load_capacity, fuel_capacity, nominal_fuel_consumption DOUBLE fields (numbers, as TSBS writes them);"
            + " tags name, fleet, driver, model, device_version (strings, indexed), a null one left out;"
            + " time in nanoseconds (database created WITH PRECISION 'ns'); written as line protocol to /api/v1/write");

    /** {@code texts[tag][code]}: the tag values of {@link #textsOf}, made once per truck. */
    private final String[][] texts = new String[IotTag.values().length][];
    private Trucks textsOf;
    /** Per table (by ordinal): each truck's {@link #lineStart}, copied into every record of it that nulls no tag. */
    private final TruckEncodings[] starts = new TruckEncodings[IotTable.values().length];
    private final LineProtocol scratch = new LineProtocol();

    public IotLayout() {
        for (IotTable table : IotTable.values()) starts[table.ordinal()] = new TruckEncodings((trucks, truck) -> lineStart(table, trucks, truck));
    }

    /** {@code CREATE TABLE readings (latitude DOUBLE, ..., TAGS(name, fleet, driver, model, device_version))}. */
    static String createTable(IotTable table) {
        StringBuilder sql = new StringBuilder("CREATE TABLE ").append(table.measurement).append(" (");
        for (int f = 0; f < table.fieldCount(); f++) {
            sql.append(table.fields().get(f)).append(table.isInteger(f) ? " BIGINT, " : " DOUBLE, ");
        }
        for (IotTag t : NUMBER_TAGS) sql.append(t.key).append(" DOUBLE, ");
        sql.append("TAGS(");
        for (int i = 0; i < TEXT_TAGS.length; i++) sql.append(i == 0 ? "" : ", ").append(TEXT_TAGS[i].key);
        return sql.append("))").toString();
    }

    /**
     * The batch as line protocol into {@code lines} (cleared first), the readings then the
     * diagnostics, one line per record: {@code readings,name=truck_3,fleet=South,...
     * load_capacity=1500,...,latitude=52.31,... 1451606400000000000}; a batch carrying a TSBS
     * file's lines ({@link TruckBatch#lines()}), which are those lines already, as its lines are.
     */
    public void lines(TruckBatch batch, LineProtocol lines) {
        lines.clear();
        TruckLines fileLines = batch.lines();
        if (fileLines != null) {
            lines.append(fileLines.bytes(), fileLines.length());
            return;
        }
        if (textsOf != batch.trucks) {
            Arrays.fill(texts, null);
            textsOf = batch.trucks;
        }
        table(batch.trucks, batch.readings, lines);
        table(batch.trucks, batch.diagnostics, lines);
    }

    private void table(Trucks trucks, TableRows rows, LineProtocol lines) {
        IotTable table = rows.table;
        List<String> fields = table.fields();
        TruckEncodings tableStarts = starts[table.ordinal()];
        for (int r = 0; r < rows.size(); r++) {
            if (rows.nullTag[r] == TableRows.NO_NULL) {
                lines.resume(tableStarts.of(trucks, rows.truck[r]));
            } else {
                start(lines, table, trucks, rows.truck[r], rows.nullTag[r]);
            }
            for (int f = 0; f < fields.size(); f++) {
                double v = rows.field[f][r];
                if (Double.isNaN(v)) continue;
                if (table.isInteger(f)) lines.field(fields.get(f), (long) v);
                else lines.field(fields.get(f), v);
            }
            lines.end(rows.ts[r]);
        }
    }

    /** A line's start: the measurement, the truck's tags and its three numbers, less the one the record nulls ({@code nullTag}, or NO_NULL). */
    private void start(LineProtocol lines, IotTable table, Trucks trucks, int truck, byte nullTag) {
        lines.measurement(table.measurement);
        for (IotTag tag : TEXT_TAGS) {
            int code = tag.ordinal() == nullTag ? -1 : trucks.code(truck, tag);
            if (code >= 0) lines.tag(tag.key, text(trucks, tag, code));
        }
        for (IotTag tag : NUMBER_TAGS) {
            int code = tag.ordinal() == nullTag ? -1 : trucks.code(truck, tag);
            if (code >= 0) lines.field(tag.key, trucks.number(tag, code));
        }
    }

    /** {@link #start} of a truck that nulls no tag, as {@link LineProtocol#resume} takes it. */
    private byte[] lineStart(IotTable table, Trucks trucks, int truck) {
        scratch.clear();
        start(scratch, table, trucks, truck, TableRows.NO_NULL);
        return scratch.lineStart();
    }

    private String text(Trucks trucks, IotTag tag, int code) {
        String[] known = texts[tag.ordinal()];
        if (known == null || code >= known.length) {
            known = known == null ? new String[Math.max(16, code + 1)] : Arrays.copyOf(known, Math.max(code + 1, 2 * known.length));
            texts[tag.ordinal()] = known;
        }
        if (known[code] == null) known[code] = trucks.text(tag, code);
        return known[code];
    }
}
