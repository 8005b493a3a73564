package org.tsdbbench.tdengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.iot.IotFileReader;
import org.tsdbbench.common.iot.IotFileSummary;
import org.tsdbbench.common.iot.IotGenerator;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryCatalog;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotScenario;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotTag;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.iot.TruckEncodings;

/** The IoT layout, requests and SQL without a server. */
class TDengineIotOfflineTest {

    private static final IotLayout LAYOUT = new IotLayout("bench");
    private static final Pattern ROW = Pattern.compile("\\((\\d{13}),");
    private static final Pattern TABLE = Pattern.compile(" (bench_iot\\.[rd]_truck_\\w+) USING (bench_iot\\.\\w+) TAGS \\(");

    private static TruckBatch batch(IotSpec spec, int records) throws Exception {
        try (IotRowSource all = new IotGenerator(spec).all()) {
            TruckBatch b = new TruckBatch(all.trucks(), records);
            all.fill(b, records);
            return b;
        }
    }

    /** One INSERT, each sub-table once with its super table and tags, every record once. */
    @Test
    void aRequestIsOneInsertNamingEachSubTableOnce() throws Exception {
        TruckBatch b = batch(IotSpec.defaults(), 2_000);
        List<String> sql = new IotInsertBuilder(LAYOUT, 1 << 20).build(b);
        assertEquals(1, sql.size());
        String s = sql.get(0);
        assertTrue(s.startsWith("INSERT INTO bench_iot.r_truck_"), s.substring(0, 80));
        Matcher t = TABLE.matcher(s);
        java.util.Set<String> tables = new java.util.HashSet<>();
        while (t.find()) {
            assertTrue(tables.add(t.group(1)), t.group(1) + " named twice");
            assertEquals(t.group(1).contains(".r_") ? "bench_iot.readings" : "bench_iot.diagnostics", t.group(2));
        }
        tables.removeIf(name -> name.endsWith("_truck_null")); // the generator's null names: there may be some
        assertEquals(2 * IotSpec.defaults().trucks(), tables.size(), tables.toString());
        assertEquals(b.size(), count(ROW, s));
        assertTrue(s.contains(",NULL"), "TSBS's null fields are NULL");
    }

    /**
     * Each sub-table's records come in time order, every record once, though the generator's late
     * records put some of a truck's after its later ones in the stream (73 readings and 119
     * diagnostics of these 50,000 records; TDengine's stmt path slows on out-of-order rows:
     * README, "IoT").
     */
    @Test
    void eachSubTablesRecordsComeInTimeOrder() throws Exception {
        TruckBatch b = batch(IotSpec.defaults(), 50_000);
        for (org.tsdbbench.common.iot.TableRows rows : List.of(b.readings, b.diagnostics)) {
            int lateInStream = 0;
            java.util.Map<Integer, Long> lastOfTruck = new java.util.HashMap<>();
            for (int i = 0; i < rows.size(); i++) {
                Long last = lastOfTruck.put(rows.tagCode(b.trucks, i, IotTag.NAME), rows.ts[i]);
                if (last != null && last > rows.ts[i]) lateInStream++;
            }
            assertTrue(lateInStream > 0, "the batch has late records, so the order is the sort's");
            SubTableRuns runs = new SubTableRuns();
            runs.sort(rows.size(), i -> rows.tagCode(b.trucks, i, IotTag.NAME) + 1, i -> rows.ts[i]);
            java.util.BitSet seen = new java.util.BitSet();
            java.util.Set<Integer> names = new java.util.HashSet<>();
            for (int k = 0; k < runs.size(); k = runs.runEnd(k)) {
                assertTrue(names.add((runs.subTable(k) - 1)), "sub-table " + (runs.subTable(k) - 1) + " in one run");
                for (int j = k; j < runs.runEnd(k); j++) {
                    assertEquals((runs.subTable(k) - 1), rows.tagCode(b.trucks, runs.row(j), IotTag.NAME));
                    assertTrue(j == k || rows.ts[runs.row(j - 1)] <= rows.ts[runs.row(j)],
                            "time order in " + (runs.subTable(k) - 1));
                    seen.set(runs.row(j));
                }
            }
            assertEquals(rows.size(), seen.cardinality());
        }
    }

    /**
     * A sub-table's clause is its truck's name and tags whether written for this request or kept
     * from an earlier one, for the kept trucks and those past them ({@link TruckEncodings#KEPT}).
     */
    @Test
    void everyClauseHasItsTrucksTagsKeptOrNot() throws Exception {
        IotSpec d = IotSpec.defaults();
        IotSpec spec = new IotSpec(TruckEncodings.KEPT + 500, d.startNs(), d.startNs() + 60_000_000_000L, d.intervalNs(), d.seed());
        TruckBatch b = batch(spec, 2 * spec.trucks());
        IotInsertBuilder builder = new IotInsertBuilder(LAYOUT, 1 << 24);
        List<String> first = builder.build(b);
        assertEquals(first, builder.build(b), "the second request copies the kept clauses");
        java.util.Map<String, Integer> truckOf = new java.util.HashMap<>();
        for (org.tsdbbench.common.iot.TableRows rows : List.of(b.readings, b.diagnostics)) {
            for (int r = 0; r < rows.size(); r++) {
                int name = rows.tagCode(b.trucks, r, IotTag.NAME);
                if (name >= 0) truckOf.put("truck_" + name, rows.truck[r]);
            }
        }
        Matcher m = Pattern.compile(" bench_iot\\.[rd]_(truck_\\d+) USING bench_iot\\.\\w+ TAGS \\(([^)]*)\\) VALUES ").matcher(first.get(0));
        int clauses = 0;
        boolean pastKept = false;
        while (m.find()) {
            int truck = truckOf.get(m.group(1));
            pastKept |= truck >= TruckEncodings.KEPT;
            List<String> tags = new java.util.ArrayList<>();
            for (IotTag tag : IotTag.values()) {
                int code = b.trucks.code(truck, tag);
                tags.add(code < 0 ? "NULL" : tag.numeric ? Double.toString(b.trucks.number(tag, code)) : "'" + b.trucks.text(tag, code) + "'");
            }
            assertEquals(String.join(",", tags), m.group(2), m.group(1));
            clauses++;
        }
        assertTrue(pastKept, "some trucks past the kept ones");
        assertTrue(clauses > TruckEncodings.KEPT, clauses + " clauses");
    }

    /** Past maxSqlBytes: several statements, each within it, the records all there once. */
    @Test
    void aRequestPastTheLimitIsSplitWithinIt() throws Exception {
        TruckBatch b = batch(IotSpec.defaults(), 2_000);
        List<String> sql = new IotInsertBuilder(LAYOUT, 8_192).build(b);
        assertTrue(sql.size() > 5, sql.size() + " statements");
        int rows = 0;
        for (String s : sql) {
            assertTrue(s.length() <= 8_192, s.length() + " bytes");
            assertTrue(s.startsWith("INSERT INTO bench_iot."), s.substring(0, 40));
            rows += count(ROW, s);
        }
        assertEquals(b.size(), rows);
    }

    /** A record without a name goes to the null-name table, all of whose tags are NULL; a finer time than ms is refused. */
    @Test
    void aNamelessRecordGoesToTheNullTableAndAFinerTimeIsRefused(@TempDir Path dir) throws Exception {
        String tags = "fleet=South,driver=Trish,model=H-2,device_version=v1.5 load_capacity=1500,fuel_capacity=150,nominal_fuel_consumption=12";
        Path file = dir.resolve("t.txt");
        Files.writeString(file, "diagnostics,name=truck_3," + tags + ",fuel_state=0.5,current_load=10,status=1i 1451606400000000000\n"
                + "diagnostics," + tags + ",fuel_state=0.5,current_load=10,status=0i 1451606410000000000\n");
        String s = build(file).get(0);
        assertTrue(s.contains(" bench_iot.d_truck_3 USING bench_iot.diagnostics TAGS ('truck_3','South','Trish','H-2','v1.5',1500.0,150.0,12.0)"
                + " VALUES (1451606400000,0.5,10,1)"), s);
        assertTrue(s.contains(" bench_iot.d_truck_null USING bench_iot.diagnostics TAGS (NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL)"
                + " VALUES (1451606410000,0.5,10,0)"), s);
        Files.writeString(file, "diagnostics,name=truck_3," + tags + ",fuel_state=0.5,current_load=10,status=1i 1451606400000000001\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> build(file));
        assertTrue(e.getMessage().contains("millisecond"), e.getMessage());
    }

    private static List<String> build(Path file) throws Exception {
        IotFileSummary summary = IotFileReader.validate(file);
        try (IotFileReader reader = new IotFileReader(file, summary)) {
            TruckBatch b = new TruckBatch(reader.trucks(), 10);
            reader.fill(b, 10);
            return new IotInsertBuilder(LAYOUT, 1 << 20).build(b);
        }
    }

    /** 3.x says every query, over the IoT database; 2.x says none. */
    @Test
    void everyQueryOn3xNoneOn2x() {
        IotSpec spec = IotSpec.defaults();
        List<IotQuery> all = IotQueryCatalog.draw(spec, IotQueryCatalog.generatedFleets(), 1, 1);
        for (IotQuery q : all) {
            String sql = new TDengineDialect(3, "bench").render(q, spec).orElseThrow();
            assertTrue(sql.contains(" bench_iot.readings") || sql.contains(" bench_iot.diagnostics"), sql);
            assertTrue(new TDengineDialect(2, "bench").render(q, spec).isEmpty(), q.id());
        }
    }

    /** The shaper hands the rows on as the check takes them: the value columns and the text columns apart. */
    @Test
    void theShaperSplitsTextsFromValues() {
        IotQuery q = IotQuery.ofFleet(org.tsdbbench.common.iot.IotQueryType.LAST_LOC, "South");
        List<String> got = new java.util.ArrayList<>();
        org.tsdbbench.common.query.ResultSink sink = new TDengineDialect(3, "bench").shaper(q).shape(new org.tsdbbench.common.query.ResultSink() {
            @Override
            public void row(double[] values) {
                throw new AssertionError("texts expected");
            }

            @Override
            public void row(double[] values, String[] texts) {
                got.add(java.util.Arrays.toString(values) + " " + java.util.Arrays.toString(texts));
            }
        });
        sink.row(new double[] {Double.NaN, Double.NaN, 13.5, Double.NaN}, new String[] {"truck_1", "Andy", null, null});
        sink.end();
        assertEquals(List.of("[13.5, NaN] [truck_1, Andy]"), got);
    }

    /** The scenarios' stt_trigger, and another data set's by its trucks. */
    @Test
    void sttTriggerIsTheScenariosOrTheNextLargersOne() {
        assertEquals(List.of(1, 1, 8, 16, 16), IotScenario.PUBLISHED.stream().map(sc -> IotLayout.sttTrigger(sc.spec())).toList());
        IotSpec d = IotSpec.defaults();
        assertEquals(1, IotLayout.sttTrigger(d));
        assertEquals(8, IotLayout.sttTrigger(new IotSpec(5_000, d.startNs(), d.endNs(), d.intervalNs(), 1)));
        assertEquals(16, IotLayout.sttTrigger(new IotSpec(20_000_000, d.startNs(), d.endNs(), d.intervalNs(), 1)));
        assertTrue(LAYOUT.createDatabase(d, null).endsWith("VGROUPS 12 CACHEMODEL 'last_row' STT_TRIGGER 1 KEEP 36500d"));
    }

    private static int count(Pattern p, String s) {
        Matcher m = p.matcher(s);
        int n = 0;
        while (m.find()) n++;
        return n;
    }
}
