package org.tsdbbench.orchestrator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tsdbbench.results.DiskRecord;
import org.tsdbbench.results.LoadRecord;
import org.tsdbbench.results.Manifest;
import org.tsdbbench.results.ServerHeldRecord;

/** The line the run prints after a load or disk step: its figures, and what else the server held when it held anything. */
class StepSummaryTest {

    private static Manifest disk(ServerHeldRecord held) {
        return new Manifest.Builder().disk(new DiskRecord(3_536_126, 100_000, 451_130L, 4.5113, 7.8, "how", held, null)).build();
    }

    private static Manifest load(long acknowledged, Long stored, Long superseded) {
        return new Manifest.Builder().load(new LoadRecord(null, 2, 1000, acknowledged, acknowledged, stored, null, acknowledged, 0, null, 172.0,
                280_285.4, true, null, null, superseded, null, null, null, null)).build();
    }

    /** iot-1 on TDengine: 2,741 of TSBS's records without a name share a key with an earlier one; the line says the stored rows apart. */
    @Test
    void theLoadFigureSaysTheStoredRowsApartWhenSomeTookThePlaceOfOthers() {
        assertEquals(": 48,209,088 rows acknowledged and stored, 280,285 rows/s", StepSummary.of("load", load(48_209_088, 48_209_088L, null)));
        assertEquals(": 48,209,088 rows acknowledged, 48,206,347 stored (2,741 in place of an earlier row of their key), 280,285 rows/s",
                StepSummary.of("load", load(48_209_088, 48_206_347L, 2_741L)));
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
