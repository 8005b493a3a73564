package org.tsdbbench.common.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.tsdbbench.common.iot.IotDataSet;
import org.tsdbbench.common.iot.IotGenerator;
import org.tsdbbench.common.iot.IotLineWriter;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.TruckBatch;

/**
 * TSBS-format files read both ways, for a module whose session takes a TSBS file's lines as they
 * are: as values (what its request is built from) and as lines (what a load hands it), batch by
 * batch, by one to three clients, in batches of 7 and 10,000 records. The files: common's
 * {@link SharedKeysFixture} (records without a name sharing keys), a generated one (TSBS's nulls,
 * late records, records without a name), and TSBS's own when {@code -Diot.tsbsFile=PATH} names one
 * (in batches of 10,000 only: its records are many).
 */
public final class TsbsLinesFixture {

    /** Checks a batch of values against the batch of lines of the same records. */
    @FunctionalInterface
    public interface Check {
        void batches(TruckBatch values, TruckBatch lines) throws Exception;
    }

    private TsbsLinesFixture() {
    }

    /** Calls {@code check} with every pair of batches of the files; the records checked. */
    public static long eachBatch(Path dir, Check check) throws Exception {
        List<IotDataSet> files = new ArrayList<>();
        List<int[]> sizes = new ArrayList<>();
        files.add(SharedKeysFixture.dataSet(dir));
        sizes.add(new int[] {7, 10_000});
        long start = IotSpec.DEFAULT_START_NS;
        IotSpec spec = new IotSpec(9, start, start + Duration.ofHours(2).toNanos(), IotSpec.DEFAULT_INTERVAL_NS, 7);
        Path generated = dir.resolve("generated.influx");
        try (IotRowSource all = new IotGenerator(spec).all()) {
            IotLineWriter.write(all, generated);
        }
        files.add(IotDataSet.file(generated, 1));
        sizes.add(new int[] {7, 10_000});
        String tsbs = System.getProperty("iot.tsbsFile");
        if (tsbs != null && !tsbs.isEmpty() && Files.exists(Path.of(tsbs))) {
            files.add(IotDataSet.file(Path.of(tsbs), 1));
            sizes.add(new int[] {10_000});
        }
        long records = 0;
        for (int f = 0; f < files.size(); f++) {
            IotDataSet data = files.get(f);
            data.checkFiles();
            for (int clients = 1; clients <= 3; clients++) {
                for (int size : sizes.get(f)) {
                    for (int c = 0; c < clients; c++) {
                        try (IotRowSource values = data.client(c, clients, false);
                                IotRowSource lines = data.client(c, clients, false, true)) {
                            records += each(values, lines, size, check);
                        }
                    }
                }
            }
        }
        return records;
    }

    private static long each(IotRowSource values, IotRowSource lines, int size, Check check) throws Exception {
        TruckBatch v = new TruckBatch(values.trucks(), size);
        TruckBatch l = new TruckBatch(lines.trucks(), size);
        long records = 0;
        for (int n = values.fill(v, size); n > 0; n = values.fill(v, size)) {
            assertEquals(n, lines.fill(l, size), "records of a batch of lines");
            assertNull(v.lines());
            assertNotNull(l.lines(), "a TSBS-format file's batch carries its lines");
            check.batches(v, l);
            records += n;
        }
        assertEquals(0, lines.fill(l, size), "records of a batch of lines");
        return records;
    }
}
