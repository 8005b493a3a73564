package org.tsdbbench.common.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A query that answered wrong in benchmark runs fails with the database's answer: the first wrong one, and how many runs were. */
class QueryStepWrongAnswerTest {

    @Test
    void theFailureIsTheWrongAnswerWithExpectedAndReturnedValues() {
        assertEquals("q4.sum.p80: wrong answer in 1 benchmark run: minute 2019-07-16T04:12:00Z: expected 51195, got 51197",
                QueryStep.wrongAnswer("q4.sum.p80", List.of("q4.sum.p80: minute 2019-07-16T04:12:00Z: expected 51195, got 51197")));
        assertEquals("q4.avg.p50: wrong answer in 2 benchmark runs: minute 2019-07-16T04:12:00Z: expected 10.178666666666667 (+- 4.17e-05), got 10.182272575808064",
                QueryStep.wrongAnswer("q4.avg.p50", List.of("q4.avg.p50: minute 2019-07-16T04:12:00Z: expected 10.178666666666667 (+- 4.17e-05), got 10.182272575808064",
                        "q4.avg.p50: minute 2019-07-16T04:13:00Z: expected 10.5, got 10.4")));
    }

    @Test
    void theJmhResultsOfAQueryThatAnsweredWrongAreDropped(@TempDir Path dir) throws Exception {
        ResultsFolder results = ResultsFolder.open(dir, "cassandra");
        Files.writeString(results.file("query", "json"), "[{\"params\":{\"queryId\":\"q4.sum.p80\"}},{\"params\":{\"queryId\":\"q4.sum.p90\"}}]");
        results.dropJmhResults("query", "queryId", "q4.sum.p80");
        assertEquals("[{\"params\":{\"queryId\":\"q4.sum.p90\"}}]", Files.readString(results.file("query", "json")).replaceAll("\\s", ""));
    }
}
