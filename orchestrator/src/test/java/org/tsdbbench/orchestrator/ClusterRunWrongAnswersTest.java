package org.tsdbbench.orchestrator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.results.Manifest;
import org.tsdbbench.results.QueryRecord;
import org.tsdbbench.results.QueryRecord.QueryCheck;
import org.tsdbbench.results.RunFolder;

/** A cluster's failed query phase says which answers were wrong, and on which shard, as the shards' manifests recorded them (issue 33). */
class ClusterRunWrongAnswersTest {

    private static void shard(Path dir, int i, QueryCheck... checks) throws Exception {
        Files.createDirectories(dir.resolve("shard-" + i));
        new RunFolder(dir.resolve("shard-" + i)).writeManifest("cassandra",
                new Manifest.Builder().database("Cassandra").query(new QueryRecord(List.of(checks), List.of())).build());
    }

    @Test
    void theReasonNamesEachShardsWrongAnswerWithItsValues(@TempDir Path dir) throws Exception {
        String q = "SELECT ...";
        shard(dir, 0, new QueryCheck("q4.sum.p80", q, true, null));
        shard(dir, 1, new QueryCheck("q4.sum.p80", q, false,
                "q4.sum.p80: wrong answer in 1 benchmark run: minute 2019-07-16T04:12:00Z: expected 51195, got 51197"));
        shard(dir, 2, new QueryCheck("q4.avg.p100", q, false, "q4.avg.p100: query failed: Cassandra query failed: timeout"));
        assertEquals(" (answers checked wrong: shard 1: q4.sum.p80: wrong answer in 1 benchmark run: minute 2019-07-16T04:12:00Z: expected 51195, got 51197;"
                + " shard 2: q4.avg.p100: query failed: Cassandra query failed: timeout)", ClusterRun.wrongAnswers("cassandra", dir));
        assertEquals("", ClusterRun.wrongAnswers("cassandra", dir.resolve("none")), "no shard manifests: nothing to add");
    }
}
