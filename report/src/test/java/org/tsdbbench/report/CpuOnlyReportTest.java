package org.tsdbbench.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cpu-only run's folder (compare --workload cpu-only): TSBS's DevOps queries as one table per database,
 * the hosts in the facts, the load in metrics, no devices' tables, and no published verdict of another workload.
 */
class CpuOnlyReportTest {

    @TempDir
    Path dir;

    @Test
    void aCpuOnlyRunHasItsQueriesTheHostsInItsFactsAndNoOtherWorkloadsVerdicts() throws Exception {
        Files.writeString(dir.resolve("tdengine-manifest.json"), """
                {"database":"TDengine","server":{"serverVersion":"3.3.0.1","driver":"d"},
                 "workload":{"name":"cpu-only","hosts":{"hosts":10,"startNs":1451606400000000000,"endNs":1451653200000000000,
                   "intervalNs":10000000000,"seed":123,"file":null},"source":"generated"},
                 "machine":{"cpu":"c","cores":2},"load":{"rowsStored":46800,"verified":true,"rowsPerSecond":90000,
                   "metricsAcknowledged":468000,"metricsPerSecond":900000},
                 "write":[{"rowsPerRequest":1000,"clients":2,"rowsPerSecond":300000,"error":2000}],
                 "query":{"checked":[{"id":"devops.lastpoint","query":"SELECT ...","correct":true}],
                          "absent":[],
                          "latency":[{"id":"devops.lastpoint","samples":40,"p50Ms":2.5,"p90Ms":3.5,"p99Ms":4.5,"maxMs":5.0,"meanMs":2.75,"meanErrorMs":0.25}]}}""");
        Fixtures.write(dir.resolve("run.json"), Fixtures.runJson("cpu-only", true, "tdengine", "passed", null, "mysql", "skipped",
                "MySQL does not take the cpu-only workload (it takes devices)"));
        String md = MarkdownReport.render(Inputs.read(List.of(dir)));
        assertTrue(md.contains("DevOps queries (TSBS's), ms\n\n| query | p50 | p90 | p99 | checked |\n|---|---|---|---|---|\n"), md);
        assertTrue(md.contains("| devops.lastpoint | 2.50 | 3.50 | 4.50 | yes |"), md);
        assertTrue(md.contains("| load, rows/s (TSBS's metrics/s) | - | 90,000 (900,000 metrics/s) |"), md);
        assertTrue(md.contains("TSBS cpu-only: 10 hosts, 2016-01-01T00:00:00Z + 13 h, a row every 10 s, seed 123"), md);
        assertTrue(md.contains("### " + CpuOnlyPublishedComparison.TITLE), md);
        assertTrue(md.contains("- CnosDB and OpenTSDB are not in this run (compare --workload cpu-only with cnosdb and"
                + " opentsdb): report D's write, query and disk ratios are not measured."), md);
        assertFalse(md.contains("q1, read one group") || md.contains("(q2.avg.p100)") || md.contains("### The IoT trucks (reports C and D)"), md);
        assertFalse(md.contains("| test | vs |"), "no verdict table of another workload: " + md);

        String html = HtmlReport.render(Inputs.read(List.of(dir)));
        assertTrue(html.contains("<th>DevOps query (TSBS's)</th><th>p50</th>"), html);
        assertTrue(html.contains("TSBS cpu-only: 10 hosts"), html);
        assertFalse(html.contains("published-iot-table"), html);
    }
}
