package org.tsdbbench.influx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.contract.QueryFilesCheck;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
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
}
