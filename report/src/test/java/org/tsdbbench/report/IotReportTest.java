package org.tsdbbench.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An IoT run's folder (compare --workload iot): the catalog's queries as one table per database, the trucks in the facts, nothing of q1..q6. */
class IotReportTest {

    @TempDir
    Path dir;

    /** A manifest as a module's steps write it for --workload iot: the trucks' record, a write cell, two queries checked (one wrong), one absent. */
    private void iotManifest() throws Exception {
        Files.writeString(dir.resolve("influx-manifest.json"), """
                {"database":"InfluxDB","server":{"serverVersion":"1.8.10","driver":"d"},
                 "workload":{"name":"iot","trucks":{"trucks":20,"startNs":1451606400000000000,"endNs":1451736000000000000,"intervalNs":10000000000,
                   "seed":123,"scale":null,"file":null},"source":"generated"},
                 "machine":{"cpu":"c","cores":2},"load":{"rowsStored":518400,"verified":true,"rowsPerSecond":52000,
                   "metricsAcknowledged":4100000,"metricsPerSecond":411000},
                 "write":[{"rowsPerRequest":1000,"clients":2,"rowsPerSecond":250000,"error":1000}],
                 "query":{"checked":[{"id":"iot.last-loc.West","query":"SELECT ...","correct":true},
                                     {"id":"iot.avg-load","query":"SELECT ...","correct":false,"problem":"row 3: avg_load_percentage 0.5, expected 0.25"}],
                          "absent":["iot.stationary-trucks.East.1451606400000"],
                          "latency":[{"id":"iot.last-loc.West","samples":40,"p50Ms":1.5,"p90Ms":2.5,"p99Ms":3.5,"maxMs":4.0,"meanMs":1.75,"meanErrorMs":0.25},
                                     {"id":"iot.avg-load","samples":30,"p50Ms":12.0,"p90Ms":14.0,"p99Ms":19.0,"maxMs":20.0,"meanMs":12.5,"meanErrorMs":0.5}]}}""");
    }

    @Test
    void anIotRunHasOneQueryTablePerDatabaseTheTrucksInItsFactsAndNoDevicesTables() throws Exception {
        iotManifest();
        Fixtures.write(dir.resolve("run.json"), Fixtures.runJson("iot", true, "influx", "passed", null, "mysql", "skipped",
                "MySQL does not take the iot workload (it takes devices)"));
        String md = MarkdownReport.render(Inputs.read(List.of(dir)));
        assertTrue(md.contains("IoT queries (TSBS's), ms\n\n| query | p50 | p90 | p99 | checked |\n|---|---|---|---|---|\n"), md);
        assertTrue(md.contains("| iot.avg-load | 12.0 | 14.0 | 19.0 | WRONG: row 3: avg_load_percentage 0.5, expected 0.25 |"), md);
        assertTrue(md.contains("| iot.last-loc.West | 1.50 | 2.50 | 3.50 | yes |"), md);
        assertTrue(md.contains("| 1000 | 250,000 ± 1,000 |"), "the write cells as for the devices: " + md);
        assertTrue(md.contains("| load, rows/s (TSBS's metrics/s) | 52,000 (411,000 metrics/s) |"), "the load as TSBS reports it: " + md);
        assertTrue(md.contains("workload IoT trucks: 20 trucks, 2016-01-01T00:00:00Z + 36 h, a record every 10 s, seed 123 (generated)"), md);
        assertTrue(md.contains("Absent in this dialect (not faked): [\"iot.stationary-trucks.East.1451606400000\"]"), md);
        assertTrue(md.contains("### The IoT trucks (reports C and D)") && md.contains("| write, batch 10000 x 12 workers | TDengine vs InfluxDB (report C) |"), md);
        assertTrue(md.contains("## mysql - skipped: MySQL does not take the iot workload (it takes devices)"), md);
        assertFalse(md.contains("q1, read one group") || md.contains("q2..q4") || md.contains("read one group (q1") || md.contains("(q2.avg.p100)"), md);

        String html = HtmlReport.render(Inputs.read(List.of(dir)));
        assertTrue(html.contains("<th>IoT query (TSBS's)</th><th>p50</th><th>p90</th><th>p99</th><th>checked</th>"), html);
        assertTrue(html.contains("<tr><td>iot.last-loc.West</td><td>1.50</td><td>2.50</td><td>3.50</td><td>yes</td></tr>"), html);
        assertTrue(html.contains("IoT trucks: 20 trucks"), html);
        assertTrue(html.contains("<table id=\"published-iot-table\""), html);
        assertFalse(html.contains("q1 group") || html.contains("query, devices"), html);
    }

    /** A scenario of report C and a TSBS file are named in the facts. */
    @Test
    void theTrucksFactsNameTheScenarioAndTheFile() throws Exception {
        iotManifest();
        Path m = dir.resolve("influx-manifest.json");
        Files.writeString(m, Files.readString(m).replace("\"scale\":null,\"file\":null", "\"scale\":\"iot-1\",\"file\":\"/data/iot.gz\""));
        String md = MarkdownReport.render(Inputs.read(List.of(dir)));
        assertTrue(md.contains("seed 123, report C's iot-1, TSBS file /data/iot.gz (generated)"), md);
    }
}
