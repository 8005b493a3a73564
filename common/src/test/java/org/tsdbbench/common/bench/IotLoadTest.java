package org.tsdbbench.common.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.iot.IotDataSet;
import org.tsdbbench.common.iot.IotGenerator;
import org.tsdbbench.common.iot.IotLineWriter;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.workload.DataSet;

/** The loader with the IoT trucks: clients of whole trucks send every record once, generated or from a TSBS file, and the count verifies it. */
class IotLoadTest {

    private static final IotSpec SPEC = new IotSpec(9, IotSpec.DEFAULT_START_NS, IotSpec.DEFAULT_START_NS + Duration.ofHours(1).toNanos(),
            IotSpec.DEFAULT_INTERVAL_NS, 3);
    private static final ConnectionOptions CONN = new ConnectionOptions("127.0.0.1", 1, "bench", "bench", ConnectionOptions.Secret.none(), Map.of());

    @TempDir
    Path dir;

    @Test
    void aLoadOfTheTrucksIsVerifiedByTheCountGeneratedOrFromAFile() throws Exception {
        Path file = dir.resolve("iot.gz");
        try (IotRowSource all = new IotGenerator(SPEC).all()) {
            IotLineWriter.write(all, file);
        }
        long records = IotDataSet.generated(SPEC).knownRows().getAsLong();
        for (DataSet data : List.of(IotDataSet.generated(SPEC), IotDataSet.file(file, 3))) {
            InMemoryDatabase db = new InMemoryDatabase();
            // as the load step counts what must be stored: known from the spec, or from the answers' pass over a file
            long expected = data.knownRows().isPresent() ? data.knownRows().getAsLong() : AnswerCache.answers(data, dir.resolve("answers")).totalRows();
            assertEquals(records, expected, data.describe());
            Loader.Result r = Loader.load(db, CONN, data, expected, 3, 100, n -> { });
            assertTrue(r.verified(), r.describe());
            assertEquals(records, r.rowsStored());
            InMemoryDatabase lossy = new InMemoryDatabase();
            lossy.toLose.set(1);
            Loader.Result lost = Loader.load(lossy, CONN, data, expected, 3, 100, n -> { });
            assertFalse(lost.verified(), "a record acknowledged and not kept fails the load: " + lost.describe());
        }
    }
}
