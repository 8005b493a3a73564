package org.tsdbbench.cnosdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Flow;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.iot.IotGenerator;
import org.tsdbbench.common.iot.IotLineWriter;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryCatalog;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.query.ResultSink;

/** The IoT trucks in the CnosDB module without a server: line protocol, numbers, text columns, the SQL and its row shape. */
class CnosIotOfflineTest {

    private static final IotSpec SPEC = new IotSpec(10, IotSpec.DEFAULT_START_NS, IotSpec.DEFAULT_START_NS + Duration.ofHours(26).toNanos(),
            IotSpec.DEFAULT_INTERVAL_NS, IotSpec.DEFAULT_SEED);

    @Test
    void aBatchIsTsbsLinesTheReadingsThenTheDiagnostics() throws Exception {
        IotRowSource source = new IotGenerator(SPEC).all();
        TruckBatch batch = new TruckBatch(source.trucks(), 20_000);
        IotLayout layout = new IotLayout();
        LineProtocol lines = new LineProtocol();
        int batches = 0;
        while (source.fill(batch, batch.capacity()) > 0 && batches++ < 3) {
            layout.lines(batch, lines);
            ByteArrayOutputStream tsbs = new ByteArrayOutputStream();
            try (IotLineWriter writer = new IotLineWriter(tsbs)) {
                writer.write(batch);
            }
            // TSBS's own file lines (common's writer), in the batch's order; here grouped by table.
            List<String> expected = new ArrayList<>();
            List<String> diagnostics = new ArrayList<>();
            for (String line : tsbs.toString(StandardCharsets.UTF_8).split("\n")) (line.startsWith("readings") ? expected : diagnostics).add(line);
            expected.addAll(diagnostics);
            assertEquals(expected, List.of(lines.toString().split("\n")));
            assertEquals(batch.size(), expected.size());
        }
        String all = lines.toString();
        assertTrue(all.contains("status=") && all.contains("i "), "status is an integer field");
        assertTrue(!all.contains("NaN"), "a null field is left out");
    }

    @Test
    void doublesAreTheFewestDecimalsThatReadBack() {
        LineProtocol lines = new LineProtocol();
        lines.measurement("m").field("a", 1500.0).field("b", 52.3125).field("c", -0.005).field("d", 0.1).field("e", -12.0)
                .field("f", 123456.123456789).field("g", 1e-12).field("h", 0.0).end(1);
        assertEquals("m a=1500,b=52.3125,c=-0.005,d=0.1,e=-12,f=123456.123456789,g=1.0E-12,h=0 1\n", lines.toString());
        for (double v : new double[] {0.1 + 0.2, Math.PI, -1e20, 7.000000001}) {
            lines.clear();
            lines.measurement("m").field("v", v).end(1);
            String text = lines.toString();
            assertEquals(v, Double.parseDouble(text.substring(4, text.length() - 3)), text);
        }
    }

    @Test
    void tablesAreCreatedWithTheirTypesAndTheTrucksNumbersAsFields() {
        assertEquals(List.of("CREATE TABLE readings (latitude DOUBLE, longitude DOUBLE, elevation DOUBLE, velocity DOUBLE, heading DOUBLE,"
                + " grade DOUBLE, fuel_consumption DOUBLE, load_capacity DOUBLE, fuel_capacity DOUBLE, nominal_fuel_consumption DOUBLE,"
                + " TAGS(name, fleet, driver, model, device_version))",
                "CREATE TABLE diagnostics (fuel_state DOUBLE, current_load DOUBLE, status BIGINT, load_capacity DOUBLE, fuel_capacity DOUBLE,"
                + " nominal_fuel_consumption DOUBLE, TAGS(name, fleet, driver, model, device_version))"), IotLayout.CREATE_TABLES);
        assertEquals(IotTable.values().length, IotLayout.CREATE_TABLES.size());
    }

    @Test
    void textColumnsArriveAsTextNumbersAsNumbers() throws Exception {
        Collected rows = new Collected();
        CsvRows parser = new CsvRows(rows);
        parser.onSubscribe(new Flow.Subscription() {
            @Override
            public void request(long n) {
            }

            @Override
            public void cancel() {
            }
        });
        parser.onNext(List.of(ByteBuffer.wrap("name,driver,longitude,latitude\ntruck_1,,2.25,\ntruck_0,Trish,-2.5,1.5\n".getBytes(StandardCharsets.UTF_8))));
        parser.onComplete();
        parser.getBody().toCompletableFuture().get();
        assertEquals(2, rows.values.size());
        assertArrayEquals(new String[] {"truck_1", null, null, null}, rows.texts.get(0), "NULL is null, numbers have no text");
        assertEquals(2.25, rows.values.get(0)[2]);
        assertTrue(Double.isNaN(rows.values.get(0)[0]) && Double.isNaN(rows.values.get(0)[3]));
        assertArrayEquals(new String[] {"truck_0", "Trish", null, null}, rows.texts.get(1));
        assertArrayEquals(new double[] {-2.5, 1.5}, new double[] {rows.values.get(1)[2], rows.values.get(1)[3]});
    }

    @Test
    void everyQueryIsSaidAndItsTextsComeFirst() {
        CnosDialect dialect = new CnosDialect();
        List<IotQuery> queries = IotQueryCatalog.draw(SPEC, IotQueryCatalog.generatedFleets(), 1, 1);
        assertEquals(IotQueryType.values().length, queries.size());
        for (IotQuery q : queries) {
            String sql = dialect.render(q, SPEC).orElseThrow();
            assertTrue(sql.startsWith(q.type().textColumns().isEmpty() ? "SELECT COUNT(*)" : "SELECT " + q.type().textColumns().get(0))
                    || sql.startsWith("WITH "), sql);
            if (q.fleet() != null) assertTrue(sql.contains("fleet = '" + q.fleet() + "'"), sql);
            if (q.type().window() != null) assertTrue(sql.contains("time >= " + q.windowStartNs() + " AND time < " + q.windowEndNs()), sql);
        }
        IotQuery avgLoad = IotQuery.of(IotQueryType.AVG_LOAD);
        Collected rows = new Collected();
        ResultSink shaped = dialect.shaper(avgLoad).shape(rows);
        shaped.row(new double[] {Double.NaN, Double.NaN, 1500, 0.5}, new String[] {"South", "F-150", null, null});
        shaped.row(new double[] {1, 2}, new String[] {null, null});
        shaped.end();
        assertArrayEquals(new double[] {1500, 0.5}, rows.values.get(0));
        assertArrayEquals(new String[] {"South", "F-150"}, rows.texts.get(0));
        assertArrayEquals(new double[] {1, 2}, rows.values.get(1), "a row of another width passes as it came, for the check to name");
        assertNull(rows.texts.get(1)[0]);
        assertTrue(rows.ended);
    }

    /** The rows a sink was given, each with its texts. */
    private static final class Collected implements ResultSink {
        final List<double[]> values = new ArrayList<>();
        final List<String[]> texts = new ArrayList<>();
        boolean ended;

        @Override
        public void row(double[] v) {
            throw new AssertionError("rows come with their texts");
        }

        @Override
        public void row(double[] v, String[] t) {
            values.add(v.clone());
            texts.add(t.clone());
        }

        @Override
        public void end() {
            ended = true;
        }
    }
}
