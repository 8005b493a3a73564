package org.tsdbbench.influx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.contract.TsbsLinesFixture;

/**
 * A TSBS file's lines as InfluxDB's request, no server: the body of a batch of lines is the batch's
 * bytes, and the same bytes, record for record, as the body built from the same records' values.
 */
class InfluxTsbsLinesTest {

    @TempDir
    Path dir;

    @Test
    void aBatchOfLinesIsTheBodyItsValuesBuild() throws Exception {
        IotRequestBody fromValues = new IotRequestBody();
        IotRequestBody fromLines = new IotRequestBody();
        long records = TsbsLinesFixture.eachBatch(dir, (values, lines) -> {
            assertEquals(fromValues.build(values), fromLines.build(lines));
            assertEquals(fromValues.text(), fromLines.text());
            assertSame(lines.lines().bytes(), fromLines.bytes(), "the batch's lines are the body, not copied");
        });
        assertTrue(records > 46, "records checked: " + records);
    }
}
