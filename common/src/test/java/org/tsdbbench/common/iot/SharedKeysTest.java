package org.tsdbbench.common.iot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.data.Shard;
import org.tsdbbench.common.iot.Records.Rec;

/**
 * Records without a name that share a key: the sources keep two of one table and time out of one
 * batch, and what they count as superseded under each model, over any split into clients and
 * shards, is what the data set's answers say, for generated data and a TSBS file alike.
 */
class SharedKeysTest {

    /** 4,000 trucks over 10 minutes: records without a name share a time by the hundred, a series now and then. */
    private static final IotSpec SPEC = new IotSpec(4000, IotSpec.DEFAULT_START_NS, IotSpec.DEFAULT_START_NS + Duration.ofMinutes(10).toNanos(),
            IotSpec.DEFAULT_INTERVAL_NS, 3);

    @TempDir
    Path dir;

    @Test
    void generatedClientsCountWhatTheAnswersSupersede() throws IOException {
        check(IotDataSet.generated(SPEC));
    }

    @Test
    void aTsbsFilesClientsCountWhatTheAnswersSupersede() throws IOException {
        Path file = dir.resolve("iot.influx");
        try (IotRowSource all = new IotGenerator(SPEC).all()) {
            IotLineWriter.write(all, file);
        }
        check(IotDataSet.file(file, 1));
    }

    private static void check(IotDataSet data) throws IOException {
        IotCatalogAnswers answers = data.answers();
        assertTrue(answers.under(TagModel.TABLE).superseded() > 50, "records without a name sharing a time");
        assertTrue(answers.under(TagModel.SERIES).superseded() > 0, "records without a name sharing a series and time");
        for (int shards : new int[] {1, 2}) {
            for (int clients : new int[] {1, 3}) {
                Map<TagModel, Long> superseded = new EnumMap<>(TagModel.class);
                long records = 0;
                for (int s = 0; s < shards; s++) {
                    IotDataSet shard = data.withShard(new Shard(s, shards));
                    for (int c = 0; c < clients; c++) {
                        try (IotRowSource source = shard.client(c, clients, false)) {
                            TruckBatch batch = new TruckBatch(source.trucks(), 701);
                            while (source.fill(batch, batch.capacity()) > 0) {
                                records += batch.size();
                                assertNoTwoNamelessShareATableAndTime(batch);
                                for (TagModel m : TagModel.values()) superseded.merge(m, (long) batch.superseded(m), Long::sum);
                            }
                        }
                    }
                }
                String split = shards + " shards x " + clients + " clients";
                assertEquals(answers.totalRows(), records, split + ": records");
                for (TagModel m : TagModel.values()) assertEquals(answers.under(m).superseded(), superseded.get(m), split + ": superseded under " + m);
            }
        }
    }

    private static void assertNoTwoNamelessShareATableAndTime(TruckBatch batch) {
        Set<String> keys = new HashSet<>();
        for (Rec r : Records.of(batch)) {
            if (r.tag(IotTag.NAME) == null) assertTrue(keys.add(r.table() + "@" + r.ts()), "two records without a name in one batch: " + r);
        }
    }

    @Test
    void theMessageNamesTheRecordsSharingAKey() throws IOException {
        List<String> shared = IotDataSet.generated(SPEC).answers().under(TagModel.TABLE).sharedKeys();
        assertTrue(shared.get(0).matches("\\d+ (readings|diagnostics) without a name at 2016-01-01T00:0\\d:\\d0Z \\(fleet \\w+, driver \\w+(; fleet \\w+,"
                + " driver \\w+)+\\) share one row: the database keeps one"), shared.get(0));
        assertTrue(shared.get(shared.size() - 1).matches("and \\d+ more such groups"), shared.toString());
    }
}
