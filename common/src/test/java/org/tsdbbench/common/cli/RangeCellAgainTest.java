package org.tsdbbench.common.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A range cell whose two trials disagree is measured again: only the second measurement stays in the JMH JSON. */
class RangeCellAgainTest {

    @Test
    void theFirstMeasurementOfACellMeasuredAgainLeavesTheJson(@TempDir Path dir) throws Exception {
        ResultsFolder results = ResultsFolder.open(dir, "tdengine");
        Files.writeString(results.file("range", "json"), "[{\"threads\":1,\"benchmark\":\"q\"},{\"threads\":1,\"benchmark\":\"l\"},"
                + "{\"threads\":2,\"benchmark\":\"q\"},{\"threads\":2,\"benchmark\":\"l\"}]");
        results.dropLastJmhResults("range", 2);
        Path again = dir.resolve("again.json");
        Files.writeString(again, "[{\"threads\":2,\"benchmark\":\"q2\"},{\"threads\":2,\"benchmark\":\"l2\"}]");
        results.appendJmhJson("range", again);
        assertEquals("[{\"threads\":1,\"benchmark\":\"q\"},{\"threads\":1,\"benchmark\":\"l\"},"
                + "{\"threads\":2,\"benchmark\":\"q2\"},{\"threads\":2,\"benchmark\":\"l2\"}]",
                Files.readString(results.file("range", "json")).replaceAll("\\s", ""));
    }

    @Test
    void noMoreIsDroppedThanTheFileHolds(@TempDir Path dir) throws Exception {
        ResultsFolder results = ResultsFolder.open(dir, "tdengine");
        Files.writeString(results.file("range", "json"), "[{\"threads\":1}]");
        results.dropLastJmhResults("range", 2);
        assertEquals("[]", Files.readString(results.file("range", "json")).replaceAll("\\s", ""));
    }
}
