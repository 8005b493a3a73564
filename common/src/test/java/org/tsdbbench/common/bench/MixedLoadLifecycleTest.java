package org.tsdbbench.common.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.ThreadParams;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.options.TimeValue;
import org.tsdbbench.common.data.DeviceDataSet;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.results.TrialRecord;

/**
 * The mixed load's lifecycle as JMH drives it (trial setup, each client's first-iteration setup,
 * the measured calls, the teardowns), on a stand-in database: connections open in setup, and the
 * count runs at the end of every trial, whatever each client did.
 */
class MixedLoadLifecycleTest {

    static final InMemoryDatabase DB = new InMemoryDatabase();

    /** The settings a trial reads: a small data set on the stand-in. */
    static final RunSettings SMALL = new RunSettings(DB, new BenchSettings(DB.name(), "127.0.0.1", 1, "bench", "bench",
            DB.descriptor().passwordEnv(), null, Map.of(), DeviceDataSet.generated(new WorkloadSpec(10, 20, WorkloadSpec.DEFAULT_START_TS,
            WorkloadSpec.DEFAULT_SEED)), null, null, null, false));

    @BeforeEach
    void emptyDatabase() {
        DB.stored.set(0);
        DB.opened.set(0);
        DB.toLose.set(0);
    }

    /** Writer {@code index} of {@code count}, the group's second subgroup (JMH orders query, then write). */
    private static ThreadParams writer(int index, int count) {
        return new ThreadParams(index, count, 0, 1, 1, 2, index, count, index, count);
    }

    /** The benchmark with its trial set up, as JMH sets it up before any client's own setup. */
    private static MixedLoadBenchmark bench(MixedLoadBenchmark.Trial trial) throws Exception {
        MixedLoadBenchmark bench = new MixedLoadBenchmark();
        bench.rowsPerRequest = 5;
        bench.resultRows = 5;
        bench.prepare(SMALL, trial);
        return bench;
    }

    private static final org.openjdk.jmh.infra.IterationParams MEASURED = new org.openjdk.jmh.infra.IterationParams(
            org.openjdk.jmh.runner.IterationType.MEASUREMENT, 1, org.openjdk.jmh.runner.options.TimeValue.seconds(1), 1);

    @Test
    void aWriterThatNeverWroteStillLeavesTheCountToBeChecked() throws Exception {
        MixedLoadBenchmark.Trial trial = new MixedLoadBenchmark.Trial();
        MixedLoadBenchmark bench = bench(trial);
        assertEquals(200, DB.stored.get(), "the data set is loaded in the trial's setup");
        MixedLoadBenchmark.Writer busy = new MixedLoadBenchmark.Writer();
        MixedLoadBenchmark.Writer idle = new MixedLoadBenchmark.Writer();
        busy.open(trial, writer(0, 2), MEASURED);
        idle.open(trial, writer(1, 2), MEASURED);
        DB.toLose.set(1);
        bench.write(busy, trial, new MixedLoadBenchmark.Acked(), inWindow());
        busy.close();
        idle.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> bench.check(trial, null));
        assertEquals("Memory mixed load: stored 204 rows, expected the data set's 200 + 5 acknowledged", e.getMessage());
    }

    /** JMH drops a trial whose teardown threw from its results: the trial's record must carry the failure to the mixed step. */
    @Test
    void aTrialWhoseCountFailsLeavesARecordSayingSo(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("mixed-verify.log");
        MixedLoadBenchmark.Trial trial = new MixedLoadBenchmark.Trial();
        MixedLoadBenchmark bench = new MixedLoadBenchmark();
        bench.rowsPerRequest = 5;
        bench.resultRows = 5;
        bench.prepare(new RunSettings(DB, SMALL.settings().withVerifyLog(log)), trial);
        MixedLoadBenchmark.Writer w = new MixedLoadBenchmark.Writer();
        w.open(trial, writer(0, 1), MEASURED);
        DB.toLose.set(1);
        bench.write(w, trial, new MixedLoadBenchmark.Acked(), inWindow());
        w.close();
        assertThrows(IllegalStateException.class, () -> bench.check(trial, params(Mode.SampleTime)));
        List<TrialRecord> records = TrialRecord.readAll(log);
        assertEquals(1, records.size());
        assertEquals("sample", records.get(0).params().get("mode"));
        assertEquals("Memory mixed load: stored 204 rows, expected the data set's 200 + 5 acknowledged", records.get(0).failure());
    }

    /** JMH's parameters of one trial of the mixed group in this mode. */
    private static BenchmarkParams params(Mode mode) {
        WorkloadParams workload = new WorkloadParams();
        workload.put("rowsPerRequest", "5", 0);
        workload.put("resultRows", "5", 1);
        return new BenchmarkParams(MixedLoadBenchmark.class.getName() + ".mixed", "generated", false, 1, new int[] {0, 1},
                List.of("query", "write"), 1, 0, MEASURED, MEASURED, mode, workload, TimeUnit.MILLISECONDS, 1, "java", List.of(), "17",
                "vm", "17", "1.37", TimeValue.minutes(1));
    }

    @Test
    void connectionsOpenInSetupAndNoMeasuredCallOpensOne() throws Exception {
        MixedLoadBenchmark.Trial trial = new MixedLoadBenchmark.Trial();
        MixedLoadBenchmark bench = bench(trial);
        MixedLoadBenchmark.Writer w = new MixedLoadBenchmark.Writer();
        w.open(trial, writer(0, 1), MEASURED);
        int afterSetup = DB.opened.get();
        w.open(trial, writer(0, 1), MEASURED); // the next iteration's setup keeps the connection
        MixedLoadBenchmark.Acked acked = new MixedLoadBenchmark.Acked();
        for (int i = 0; i < 10; i++) bench.write(w, trial, acked, inWindow());
        assertEquals(afterSetup, DB.opened.get());
        assertEquals(50, acked.rowsAcked);
        w.close();
        bench.check(trial, null);
        assertTrue(DB.opened.get() > afterSetup, "the count opens its own connection");
    }

    @Test
    void onlyRowsAcknowledgedInMeasuredIterationsCountTowardsRowsPerSecond() throws Exception {
        MixedLoadBenchmark.Trial trial = new MixedLoadBenchmark.Trial();
        MixedLoadBenchmark bench = bench(trial);
        MixedLoadBenchmark.Writer w = new MixedLoadBenchmark.Writer();
        org.openjdk.jmh.infra.IterationParams warmup = new org.openjdk.jmh.infra.IterationParams(
                org.openjdk.jmh.runner.IterationType.WARMUP, 1, org.openjdk.jmh.runner.options.TimeValue.seconds(1), 1);
        w.open(trial, writer(0, 1), warmup);
        for (int i = 0; i < 4; i++) bench.write(w, trial, new MixedLoadBenchmark.Acked(), inWindow());
        assertEquals(0, trial.measuredAcked.get(), "warm-up rows are not measured");
        assertEquals(0, trial.measuredFromMs.get(), "the measured clock starts with the first measured iteration");
        w.open(trial, writer(0, 1), MEASURED);
        for (int i = 0; i < 2; i++) bench.write(w, trial, new MixedLoadBenchmark.Acked(), inWindow());
        // No iteration teardown has run: JMH may run the trial's teardown (which records these) before the writers' own.
        assertEquals(10, trial.measuredAcked.get());
        // JMH's calls while the threads wait for each other, before and after its measured window, count nowhere.
        MixedLoadBenchmark.Acked outside = new MixedLoadBenchmark.Acked();
        org.openjdk.jmh.infra.Control before = new org.openjdk.jmh.infra.Control();
        org.openjdk.jmh.infra.Control after = inWindow();
        after.stopMeasurement = true;
        bench.write(w, trial, outside, before);
        bench.write(w, trial, outside, after);
        assertEquals(0, outside.rowsAcked);
        assertEquals(10, trial.measuredAcked.get());
        assertTrue(trial.measuredFromMs.get() > 0 && trial.measuredToMs.get() >= trial.measuredFromMs.get());
        w.close();
        bench.check(trial, null);
    }

    /** JMH's control inside its measured window. */
    private static org.openjdk.jmh.infra.Control inWindow() {
        org.openjdk.jmh.infra.Control c = new org.openjdk.jmh.infra.Control();
        c.startMeasurement = true;
        return c;
    }
}
