package org.tsdbbench.influx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
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

    /** Every IoT query type is rendered but the two InfluxQL cannot say (the README says why). */
    @Test
    void iotQueriesAbsentAreExactlyTheTwoInfluxQlCannotSay() {
        InfluxDialect d = new InfluxDialect();
        IotSpec spec = IotSpec.defaults();
        Set<IotQueryType> absent = IotQueryCatalog.draw(spec, IotQueryCatalog.generatedFleets(), 1, 1).stream()
                .filter(q -> d.render(q, spec).isEmpty()).map(IotQuery::type).collect(Collectors.toSet());
        assertEquals(EnumSet.of(IotQueryType.AVG_LOAD, IotQueryType.AVG_DAILY_DRIVING_SESSION), absent);
        assertEquals("SELECT \"fuel_state\" FROM (SELECT \"fuel_state\", \"current_load\", \"status\", \"load_capacity\", \"fuel_capacity\", "
                + "\"nominal_fuel_consumption\" FROM \"diagnostics\" WHERE \"fleet\" = 'South' AND \"name\" != '' GROUP BY \"name\", \"driver\" "
                + "ORDER BY time DESC LIMIT 1) WHERE \"fuel_state\" < 0.1 GROUP BY \"name\", \"driver\" ORDER BY time DESC",
                d.render(IotQuery.ofFleet(IotQueryType.LOW_FUEL, "South"), spec).orElseThrow());
    }
}
