package org.tsdbbench.common.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.results.ConditionsRecord;
import org.tsdbbench.results.ResultsJson;

/** The machine's state before a measured step: read here, and warned about only when it would skew the figures. */
class RunConditionsTest {

    @TempDir
    Path tmp;

    @Test
    void aQuietMachineGivesReadingsAndNoWarning() {
        double micros = RunConditions.fileCreateMicros(tmp, 50);
        assertTrue(micros > 0 && micros < 100_000, "file creation " + micros + " us");
        double busy = RunConditions.busyPercent(200);
        assertTrue(busy >= 0 && busy <= 100, "busy " + busy);
        ConditionsRecord m = RunConditions.of("write", 3, 0.4, 12, tmp);
        assertEquals(List.of(), m.warnings());
        assertEquals(3.0, m.busyPercentBeforeStart());
        assertEquals(12.0, m.fileCreateMicros());
    }

    @Test
    void busyCpusAndSlowFileCreationAreWarnedAbout() {
        List<String> warnings = RunConditions.of("write", 55, 3.2, 2_500, tmp).warnings();
        assertEquals(2, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("55%"), warnings.get(0));
        assertTrue(warnings.get(1).contains("2500 us") && warnings.get(1).contains(tmp.toString()), warnings.get(1));
    }

    @Test
    void aFolderThatCannotBeWrittenGivesNoReadingNotAFailure() {
        assertTrue(Double.isNaN(RunConditions.fileCreateMicros(tmp.resolve("missing/below"), 10)));
        assertEquals(false, ResultsJson.tree(RunConditions.of("write", Double.NaN, Double.NaN, Double.NaN, tmp)).has("fileCreateMicros"));
    }
}
