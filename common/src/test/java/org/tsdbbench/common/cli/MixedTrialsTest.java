package org.tsdbbench.common.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;
import org.tsdbbench.results.TrialRecord;

/**
 * The mixed step's judgement of a run's two JMH trials: JMH leaves a trial whose end-of-trial
 * count threw out of its results, so a run stands only when both modes came back and each left a
 * clean record per fork.
 */
class MixedTrialsTest {

    private static final List<Mode> BOTH = List.of(Mode.Throughput, Mode.SampleTime);

    private static TrialRecord trial(Mode mode, String failure) {
        return new TrialRecord("org.tsdbbench.common.bench.MixedLoadBenchmark.mixed", Map.of("mode", mode.shortLabel()), 2, 500, 500, -1, 0,
                null, Map.of(), failure, 400, 1_000, 3_000, Map.of(), null, null);
    }

    @Test
    void bothTrialsBackAndCleanStand() {
        assertNull(MixedStep.trialsFailure(BOTH, List.of(trial(Mode.Throughput, null), trial(Mode.SampleTime, null)), 1));
    }

    @Test
    void aTrialWhoseCountFailedFailsTheRunThoughJmhReturnedTheOther() {
        String count = "Memory mixed load: stored 204 rows, expected the data set's 200 + 5 acknowledged";
        assertEquals("the sample-time trial failed: " + count, MixedStep.trialsFailure(List.of(Mode.Throughput),
                List.of(trial(Mode.Throughput, null), trial(Mode.SampleTime, count)), 1));
    }

    @Test
    void aTrialThatLeftNothingFailsTheRun() {
        assertEquals("the throughput trial left no verification record (it did not finish)",
                MixedStep.trialsFailure(List.of(Mode.SampleTime), List.of(trial(Mode.SampleTime, null)), 1));
        assertEquals("the sample-time trial: only 1 of 2 forks left a verification record", MixedStep.trialsFailure(BOTH,
                List.of(trial(Mode.Throughput, null), trial(Mode.Throughput, null), trial(Mode.SampleTime, null)), 2));
    }

    @Test
    void aTrialMissingFromJmhsResultsFailsTheRunEvenWithACleanRecord() {
        assertEquals("the sample-time trial gave JMH no result (see the JMH output above)", MixedStep.trialsFailure(List.of(Mode.Throughput),
                List.of(trial(Mode.Throughput, null), trial(Mode.SampleTime, null)), 1));
    }
}
