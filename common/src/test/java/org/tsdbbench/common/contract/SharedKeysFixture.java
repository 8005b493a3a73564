package org.tsdbbench.common.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.tsdbbench.common.bench.StoredRows;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.iot.IotAnswers;
import org.tsdbbench.common.iot.IotDataSet;
import org.tsdbbench.common.iot.IotDialect;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotSession;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.TagModel;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.query.Dialect;

/**
 * A TSBS file of three trucks over a minute whose records without a name share keys (common's test
 * resource {@code shared-keys.influx}): at one time two of different tags, then a third of the
 * first's series arriving late (TABLE keeps the late one whole, SERIES merges it into the first's
 * point); two of one series and time, the later without grade (SERIES: the later's values with the
 * earlier grade; TABLE: the later, grade null); the same in diagnostics without current_load; and
 * three at one time, two of one series, the second without velocity. Loaded through the data set by
 * two clients as a comparison loads it (as the file's lines where the session takes them), every
 * record is acknowledged, and the count and every answer are what the dialect's model keeps.
 */
public final class SharedKeysFixture {

    /** Records in the file. */
    public static final long RECORDS = 46;

    /** Re-creates the IoT tables for a data set, as the module's test does it. */
    @FunctionalInterface
    public interface Recreate {
        void tables(Session s, IotSpec spec) throws Exception;
    }

    private SharedKeysFixture() {
    }

    /** Records a database keeping records as {@code model} stores of the file's. */
    public static long stored(TagModel model) {
        return switch (model) {
            case RECORD -> RECORDS;
            case SERIES -> 42;
            case TABLE -> 40;
        };
    }

    /** The file copied into {@code dir}, as a data set. */
    public static IotDataSet dataSet(Path dir) throws IOException {
        return IotDataSet.file(file(dir), 1);
    }

    /** The file copied into {@code dir}: its path, for a step's {@code -file}. */
    public static Path file(Path dir) throws IOException {
        Path file = dir.resolve("shared-keys.influx");
        try (InputStream in = SharedKeysFixture.class.getResourceAsStream("shared-keys.influx")) {
            Files.copy(in, file);
        }
        return file;
    }

    /** Loads the file into the session's database by two clients; asserts the records acknowledged and stored; the mismatched queries. */
    public static List<String> loadAndCheck(Database db, Session session, Dialect dialect, Recreate recreate, Path dir)
            throws Exception {
        IotSession s = IotSession.of(session);
        IotDataSet data = dataSet(dir);
        IotSpec spec = data.spec();
        TagModel model = IotDialect.of(dialect).tagModel();
        List<IotQuery> queries = spec.catalog();
        IotAnswers kept;
        try (IotRowSource all = data.all()) {
            kept = IotAnswers.compute(all, spec, model, queries);
        }
        assertEquals(stored(model), kept.records(), "records the answers keep under " + model);
        recreate.tables(s, spec);
        long acked = 0;
        for (int client = 0; client < 2; client++) {
            // In the form the load hands the session: the file's lines where it takes them.
            try (IotRowSource source = data.client(client, 2, false, s.takesTsbsLines())) {
                TruckBatch batch = new TruckBatch(source.trucks(), 5_000);
                while (source.fill(batch, batch.capacity()) > 0) acked += s.write(batch);
            }
        }
        assertEquals(RECORDS, acked, "records acknowledged");
        assertEquals(stored(model), StoredRows.settled(db, s, spec, stored(model)), "records stored under " + model);
        return IotQueryChecks.run(s, dialect, spec, queries, kept).mismatches();
    }
}
