package org.tsdbbench.cnosdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.contract.TsbsLinesFixture;
import org.tsdbbench.common.iot.TruckBatch;

/**
 * A TSBS file's lines as CnosDB's request, no server: a batch of lines holds, line for line, what
 * the layout writes of the same records' values (which writes the readings, then the diagnostics).
 * What the session posts is checked against the real server (CnosIotTest's TSBS fixture goes this way).
 */
class CnosTsbsLinesTest {

    @TempDir
    Path dir;

    @Test
    void aBatchOfLinesIsWhatTheLayoutWritesOfItsValues() throws Exception {
        IotLayout layout = new IotLayout();
        LineProtocol body = new LineProtocol();
        long records = TsbsLinesFixture.eachBatch(dir, (values, lines) -> {
            layout.lines(values, body);
            assertEquals(List.of(body.toString().split("\n")), readingsFirst(text(lines)));
            layout.lines(lines, body);
            assertEquals(text(lines), body.toString(), "the layout writes a batch of lines as its lines");
        });
        assertTrue(records > 46, "records checked: " + records);
    }

    private static String text(TruckBatch batch) {
        return new String(batch.lines().bytes(), 0, batch.lines().length(), StandardCharsets.UTF_8);
    }

    private static List<String> readingsFirst(String text) {
        List<String> readings = new ArrayList<>();
        List<String> diagnostics = new ArrayList<>();
        for (String line : text.split("\n")) (line.startsWith("readings") ? readings : diagnostics).add(line);
        readings.addAll(diagnostics);
        return readings;
    }
}
