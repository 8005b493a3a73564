package org.tsdbbench.orchestrator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tsdbbench.results.DiskRecord;
import org.tsdbbench.results.Manifest;
import org.tsdbbench.results.ServerHeldRecord;

/** The line the run prints after a disk step: its figure, and what else the server held when it held anything. */
class StepSummaryTest {

    private static Manifest disk(ServerHeldRecord held) {
        return new Manifest.Builder().disk(new DiskRecord(3_536_126, 100_000, 451_130L, 4.5113, 7.8, "how", held, null)).build();
    }

    @Test
    void theDiskFigureSaysWhatElseTheServerHeld() {
        assertEquals(": 451,130 bytes (4.5 bytes per row)", StepSummary.of("disk", disk(null)));
        assertEquals(": 451,130 bytes (4.5 bytes per row)", StepSummary.of("disk", disk(new ServerHeldRecord(List.of(), 0L, 0L, false, null))));
        assertEquals(": 451,130 bytes (4.5 bytes per row); the server also held other databases: test (5,000 bytes); 449,521 bytes of"
                + " blocks of dropped tables, not counted",
                StepSummary.of("disk", disk(new ServerHeldRecord(List.of("test"), 5_000L, 449_521L, false, "blocks of dropped tables"))));
    }
}
