package org.tsdbbench.influx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.contract.QueryFilesCheck;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.iot.IotGenerator;
import org.tsdbbench.common.iot.IotLineWriter;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotQueryCatalog;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.query.ResultSink;

/** What the InfluxDB module does without a server: line protocol and InfluxQL. */
class InfluxOfflineTest {

    @Test
    void theManifestNamesTheClientLibrarysVersion() {
        assertTrue(InfluxSession.driver().matches("influxdb-java \\d+\\.\\d+.*"), InfluxSession.driver());
    }

    @Test
    void lineProtocolHasSortedTagsIntegerTemperatureAndMilliseconds() {
        RowBatch b = new RowBatch(2);
        b.add(1, "dev_1", 1, 1_563_249_700_000L, -5, 57.25f);
        b.add(2, "a b,c=d", 2, 1_563_249_701_000L, 38, 12.3456f);
        assertEquals("devices,devgroup=1,devid=1,devname=dev_1 temperature=-5i,humidity=57.25 1563249700000\n"
                + "devices,devgroup=2,devid=2,devname=a\\ b\\,c\\=d temperature=38i,humidity=12.3456 1563249701000\n",
                new LineProtocolBuilder().build(b));
    }

    /** The regex of devgroup < N selects exactly groups 0..N-1, as the SQL dialects do. */
    @Test
    void groupRegexSelectsExactlyTheGroupsBelowN() {
        for (int n : new int[] {10, 20, 50, 90}) {
            String regex = InfluxDialect.groupsBelow(n);
            Pattern p = Pattern.compile(regex.substring(1, regex.length() - 1));
            for (int g = 0; g < 100; g++) {
                assertEquals(g < n, p.matcher(Integer.toString(g)).matches(), "group " + g + " with N=" + n);
            }
            assertTrue(!p.matcher("010").matches() && !p.matcher("1 ").matches());
        }
    }

    @Test
    void queriesSayTheCatalog() {
        InfluxDialect d = new InfluxDialect();
        WorkloadSpec spec = new WorkloadSpec(100, 60, 1_563_249_700_000L, 1);
        assertEquals("SELECT MEAN(temperature) FROM devices WHERE devgroup =~ /^(0|1|2|3|4|5|6|7|8|9)$/",
                d.render(LogicalQuery.parse("q2.avg.p10"), spec).orElseThrow());
        assertEquals("SELECT COUNT(temperature) FROM devices WHERE time >= 1563249700000ms AND time < 1563249760000ms GROUP BY time(1m) fill(none)",
                d.render(LogicalQuery.parse("q4.count.p100"), spec).orElseThrow());
        assertEquals("SELECT SUM(temperature) FROM devices GROUP BY devgroup", d.render(LogicalQuery.parse("q3.sum.p100"), spec).orElseThrow());
        assertTrue(d.render(LogicalQuery.parse("q2.stddev.p10"), spec).isEmpty(), "sample stddev is not the catalog's population stddev");
    }

    @Test
    void queryFilesAreTheRenderedCatalog() throws Exception {
        QueryFilesCheck.assertFilesMatchDialect(new InfluxDatabase());
    }

    /** Each request is the batch's TSBS lines with nanosecond times, and only its own: the buffer reused from a longer one keeps nothing. */
    @Test
    void iotRequestsAreTsbsLinesOfTheirOwnBatch() throws Exception {
        IotRequestBody body = new IotRequestBody();
        try (IotRowSource source = new IotGenerator(IotSpec.defaults()).all()) {
            TruckBatch batch = new TruckBatch(source.trucks(), 500);
            source.fill(batch, 500);
            body.build(batch);
            String longer = body.text();
            assertTrue(longer.startsWith("readings,name=truck_0,") && longer.length() > 500 * 100, longer.substring(0, 200));
            source.fill(batch, 3);
            body.build(batch);
            String shorter = body.text();
            ByteArrayOutputStream file = new ByteArrayOutputStream();
            try (IotLineWriter lines = new IotLineWriter(file)) {
                lines.write(batch);
            }
            assertEquals(file.toString(StandardCharsets.UTF_8), shorter);
            assertEquals(3, shorter.lines().count());
            assertTrue(shorter.lines().allMatch(l -> l.matches(".* 14516\\d{14}")), shorter);
        }
    }

    /**
     * Every IoT query type is rendered (avg-load and avg-daily-driving-session with the client's part;
     * the README, "IoT queries", says how).
     */
    @Test
    void everyIotQueryTypeIsRendered() {
        InfluxDialect d = new InfluxDialect();
        IotSpec spec = IotSpec.defaults();
        Set<IotQueryType> absent = IotQueryCatalog.draw(spec, IotQueryCatalog.generatedFleets(), 1, 1).stream()
                .filter(q -> d.render(q, spec).isEmpty()).map(IotQuery::type).collect(Collectors.toSet());
        assertEquals(Set.of(), absent);
        assertEquals("SELECT \"fuel_state\" FROM (SELECT \"fuel_state\", \"current_load\" FROM \"diagnostics\""
                + " WHERE \"fleet\" = 'South' GROUP BY \"name\", \"driver\" ORDER BY time DESC LIMIT 1)"
                + " WHERE \"fuel_state\" < 0.1 GROUP BY \"name\", \"driver\" ORDER BY time DESC",
                d.render(IotQuery.ofFleet(IotQueryType.LOW_FUEL, "South"), spec).orElseThrow());
    }

    /**
     * The session's row for a series: {@link InfluxSession#SERIES_TAGS} texts (devgroup, name, fleet,
     * driver, model, hostname), then InfluxDB's time and columns.
     */
    private static void row(ResultSink sink, String name, String fleet, String model, double... columns) {
        String[] texts = new String[InfluxSession.SERIES_TAGS.size() + columns.length];
        double[] values = new double[texts.length];
        texts[1] = name;
        texts[2] = fleet;
        texts[4] = model;
        java.util.Arrays.fill(values, 0, InfluxSession.SERIES_TAGS.size(), Double.NaN);
        System.arraycopy(columns, 0, values, InfluxSession.SERIES_TAGS.size(), columns.length);
        sink.row(values, texts);
    }

    /** The catalog's rows a shaper passes on, as "texts | values" lines. */
    private static List<String> shaped(IotQueryType type, java.util.function.Consumer<ResultSink> rows) {
        List<String> out = new ArrayList<>();
        IotQuery q = type.hasFleet() ? IotQuery.ofFleet(type, "East") : IotQuery.of(type);
        ResultSink sink = InfluxIotQueries.shaper(q).shape(new ResultSink() {
            @Override
            public void row(double[] values) {
                throw new AssertionError("a row without texts");
            }

            @Override
            public void row(double[] values, String[] texts) {
                out.add(String.join(",", texts) + " | " + java.util.Arrays.toString(values));
            }
        });
        rows.accept(sink);
        sink.end();
        return out;
    }

    private static final long DAY = 86_400_000L;
    private static final long BUCKET = 600_000L;

    /**
     * Sessions from a name's changes: each +1 to the next change (of either sign), per day of the
     * start; a start left open makes its day's row without a length (NaN); a -1 starts nothing.
     */
    @Test
    void drivingSessionsRunFromEachChangeToDrivingToTheNextChange() {
        List<String> rows = shaped(IotQueryType.AVG_DAILY_DRIVING_SESSION, sink -> {
            row(sink, "truck_1", null, null, DAY - 2 * BUCKET, 1); // starts on day 0, ends on day 1: day 0's
            row(sink, "truck_1", null, null, DAY + 3 * BUCKET, -1);
            // ended by the next +1 (a bucket without velocity between)
            row(sink, "truck_1", null, null, DAY + 5 * BUCKET, 1);
            row(sink, "truck_1", null, null, DAY + 6 * BUCKET, 1); // left open: no length, day 1 averages the one above
            row(sink, "truck_2", null, null, 2 * DAY + BUCKET, -1);
            row(sink, "truck_2", null, null, 2 * DAY + 4 * BUCKET, 1); // open, alone on its day: NaN
        });
        assertEquals(List.of("truck_1 | [0.0, 3000000.0]", "truck_1 | [8.64E7, 600000.0]", "truck_2 | [1.728E8, NaN]"),
                rows);
    }

    /**
     * avg-load: per (fleet, model, load_capacity) the average over names of mean / capacity; a
     * (fleet, model, NULL) group where a name's records without a load_capacity exist (more
     * fuel_capacity values of all than of those with one); a capacity group whose names have no
     * current_load average NaN.
     */
    @Test
    void averageLoadIsAveragedOverTheNamesOfACapacity() {
        List<String> rows = shaped(IotQueryType.AVG_LOAD, sink -> {
            // (time, mean, capacity, fuel_capacity count there)
            row(sink, "truck_1", "East", "F-150", 0, 1000, 2000, 10);
            row(sink, "truck_2", "East", "F-150", 0, 1500, 2000, 5);
            row(sink, "truck_3", "West", "", 0, Double.NaN, 5000, 4); // a null model, no current_load
            row(sink, "truck_1", "East", "F-150", 0, 11); // (time, fuel_capacity count of all): one without a capacity
            row(sink, "truck_2", "East", "F-150", 0, 5);
            row(sink, "truck_3", "West", "", 0, 4);
            row(sink, "truck_4", "West", "H-2", 0, 2); // only records without a capacity
        });
        assertEquals(List.of("East,F-150 | [2000.0, 0.625]", "East,F-150 | [NaN, NaN]", "West, | [5000.0, NaN]",
                "West,H-2 | [NaN, NaN]"), rows);
    }

    /** Per-truck counts added per (fleet, model, day) and per model; a model with no breakdown has no row. */
    @Test
    void perTruckCountsAreAddedPerGroup() {
        assertEquals(List.of("East,F-150 | [0.0, 0.5]", "East,F-150 | [8.64E7, 0.006944444444444444]"),
                shaped(IotQueryType.DAILY_ACTIVITY, sink -> {
                    row(sink, "truck_1", "East", "F-150", 0, 50);
                    row(sink, "truck_1", "East", "F-150", DAY, 1);
                    row(sink, "truck_2", "East", "F-150", 0, 22);
                }));
        assertEquals(List.of("F-150 | [5.0]"), shaped(IotQueryType.BREAKDOWN_FREQUENCY, sink -> {
            row(sink, "truck_1", null, "F-150", 0, 2);
            row(sink, "truck_2", null, "F-150", 0, 3);
            row(sink, "truck_3", null, "H-2", 0, 0);
        }));
    }

    /**
     * The fuel averages (first statement: time, mean) and the nominal ones (second: time, mean, mean)
     * joined per fleet.
     */
    @Test
    void fuelAveragesAreJoinedPerFleet() {
        assertEquals(List.of("East | [20.0, 15.0]", "West | [NaN, 19.0]"),
                shaped(IotQueryType.AVG_VS_PROJECTED_FUEL_CONSUMPTION, sink -> {
                    row(sink, null, "East", null, 0, 20);
                    row(sink, null, "East", null, 0, 15, 15);
                    row(sink, null, "West", null, 0, 19, 19);
                }));
    }

    /**
     * A fleet's queries leave the null name's group to the shaper, which drops it;
     * avg-daily-driving-duration keeps it (its meaning has no name filter).
     */
    @Test
    void theNullNamesGroupIsDroppedWhereTheMeaningAsksForANameOnly() {
        assertEquals(List.of("truck_1,null | [12.0, 34.0]"), shaped(IotQueryType.LAST_LOC, sink -> {
            row(sink, "truck_1", "East", null, 0, 12, 34);
            row(sink, "", "East", null, 0, 56, 78);
        }));
        assertEquals(List.of("East,truck_1,null | [2.0]", "East,,null | [3.0]"),
                shaped(IotQueryType.AVG_DAILY_DRIVING_DURATION, sink -> {
                    row(sink, "truck_1", "East", null, 0, 2);
                    row(sink, "", "East", null, 0, 3);
                }));
    }
}
