package org.tsdbbench.common.iot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tsdbbench.common.data.Shard;
import org.tsdbbench.common.iot.Records.Rec;

/**
 * A TSBS file read by clients that each own some of its trucks, as values and as its lines
 * ({@link TruckLines}): a batch of lines is, byte for byte, the batch of values the same reader
 * makes written as TSBS's lines, with the same records' tables, times, trucks and null tags, the
 * same metrics and the same records superseded; on TSBS-format files with nulls, records without a
 * name sharing a key and records out of time order.
 */
class FileLinesTest {

    @TempDir
    Path dir;

    private static final String NAMED_FIRST = IotFileTest.GOOD;
    /** The same record with its name after the fleet: not TSBS's order, still a valid line. */
    private static final String NAMED_SECOND = NAMED_FIRST
            .replace("name=truck_0,fleet=South", "fleet=South,name=truck_3")
            .replace("1451606400000000000", "1451606410000000000");
    private static final String NAMELESS = NAMED_FIRST.replace("name=truck_0,", "")
            .replace("1451606400000000000", "1451606420000000000");

    @Test
    void aLineWhoseNameIsNotItsFirstTagIsReadByTheClientOwningItsTruck() throws IOException {
        Path file = dir.resolve("order.influx");
        Files.write(file, List.of(NAMED_FIRST, NAMED_SECOND, NAMELESS));
        IotFileSummary summary = IotFileReader.validate(file);
        List<Rec> all;
        try (IotFileReader reader = new IotFileReader(file, summary)) {
            all = Records.drain(reader, 10);
        }
        assertEquals(3, all.size());
        for (int clients = 2; clients <= 4; clients++) {
            List<Rec> parts = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                TruckPart part = new TruckPart(Shard.WHOLE, c, clients);
                try (IotFileReader reader = new IotFileReader(file, summary, part, 0)) {
                    parts.addAll(Records.drain(reader, 10));
                }
            }
            assertEquals(all.size(), parts.size(), "records read by " + clients + " clients");
            assertEquals(new java.util.HashSet<>(all), new java.util.HashSet<>(parts), clients + " clients' records");
        }
    }

    /** Common's fixture of records without a name sharing keys (a TSBS file written by hand). */
    @Test
    void theSharedKeysFixturesLinesAreItsValuesWritten() throws IOException {
        Path file = dir.resolve("shared-keys.influx");
        try (InputStream in = getClass().getResourceAsStream("/org/tsdbbench/common/contract/shared-keys.influx")) {
            Files.copy(in, file);
        }
        assertLinesAreValuesWritten(file, 46);
    }

    /** A generated file: TSBS's gaps, late records, null tags and fields, records without a name. */
    @Test
    void aGeneratedFilesLinesAreItsValuesWritten() throws IOException {
        long start = IotSpec.DEFAULT_START_NS;
        IotSpec spec = new IotSpec(23, start, start + Duration.ofHours(4).toNanos(), IotSpec.DEFAULT_INTERVAL_NS, 91);
        Path file = dir.resolve("generated.influx.gz");
        long written;
        try (IotRowSource all = new IotGenerator(spec).all()) {
            written = IotLineWriter.write(all, file);
        }
        List<Rec> records = Records.generate(spec);
        assertTrue(records.stream().anyMatch(r -> r.tag(IotTag.NAME) == null), "records without a name");
        assertTrue(records.stream().anyMatch(r -> r.tag(IotTag.NAME) != null
                && Arrays.asList(r.tags()).contains(null)), "named records with a null tag");
        assertTrue(records.stream().anyMatch(r -> Arrays.stream(r.fields()).anyMatch(Double::isNaN)), "null fields");
        boolean late = false;
        for (int i = 1; i < records.size(); i++) late |= records.get(i).ts() < records.get(i - 1).ts();
        assertTrue(late, "records out of time order");
        assertLinesAreValuesWritten(file, written);
    }

    /** TSBS's own file, named by {@code -Diot.tsbsFile=PATH} (as for {@link TsbsFileCheckTest}): none ships. */
    @Test
    void aTsbsFilesLinesAreItsValuesWritten() throws IOException {
        String name = System.getProperty("iot.tsbsFile");
        assumeTrue(name != null && !name.isEmpty(), "no TSBS file to check: pass -Diot.tsbsFile=PATH");
        Path file = Path.of(name);
        assertLinesAreValuesWritten(file, IotFileReader.validate(file).records());
    }

    /** Every client of 1, 2 and 3 reads the same records both ways, in batches of several sizes; a later pass too. */
    private void assertLinesAreValuesWritten(Path file, long records) throws IOException {
        IotDataSet data = IotDataSet.file(file, 1);
        data.checkFiles();
        IotFileSummary summary = IotFileReader.validate(file);
        assertTrue(summary.tsbsForm(), "the file is in TSBS's form");
        for (int clients = 1; clients <= 3; clients++) {
            for (int size : new int[] {7, 1000, 10_000}) {
                long read = 0;
                for (int c = 0; c < clients; c++) {
                    String what = "client " + c + " of " + clients + ", batches of " + size;
                    try (IotRowSource values = data.client(c, clients, false);
                            IotRowSource lines = data.client(c, clients, false, true)) {
                        read += assertSame(values, lines, size, Long.MAX_VALUE, what);
                    }
                }
                assertEquals(records, read, "records read by " + clients + " clients in batches of " + size);
            }
            // Unbounded: the file again and again, each pass later; the lines' timestamps are the shifted times.
            for (int c = 0; c < clients; c++) {
                try (IotRowSource values = data.client(c, clients, true);
                        IotRowSource lines = data.client(c, clients, true, true)) {
                    long limit = 2 * records / clients + 500;
                    assertSame(values, lines, 997, limit, "unbounded, client " + c + " of " + clients);
                }
            }
        }
    }

    /** Fills both sources' batches up to {@code limit} records, asserting each pair the same; the records read. */
    private static long assertSame(IotRowSource values, IotRowSource lines, int size, long limit, String what)
            throws IOException {
        TruckBatch v = new TruckBatch(values.trucks(), size);
        TruckBatch l = new TruckBatch(lines.trucks(), size);
        long read = 0;
        while (read < limit) {
            int n = values.fill(v, size);
            assertEquals(n, lines.fill(l, size), what);
            if (n == 0) break;
            assertNull(v.lines(), what);
            assertNotNull(l.lines(), what);
            assertFalse(l.hasValues(), what);
            String expected = written(v);
            assertEquals(expected, linesOf(l), what + ", batch from record " + read);
            assertEquals(expected, written(l), what + ": a batch of lines written as TSBS's lines is its lines");
            assertEquals(keys(v), keys(l), what);
            assertEquals(v.metrics(), l.metrics(), what);
            for (TagModel model : TagModel.values()) {
                assertEquals(v.superseded(model), l.superseded(model), what + " " + model);
            }
            read += n;
        }
        return read;
    }

    /** The batch as {@link IotLineWriter} writes it. */
    private static String written(TruckBatch batch) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (IotLineWriter writer = new IotLineWriter(out)) {
            writer.write(batch);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String linesOf(TruckBatch batch) {
        return new String(batch.lines().bytes(), 0, batch.lines().length(), StandardCharsets.UTF_8);
    }

    /** Each record's table, time, truck and null tag, in the batch's order. */
    private static List<String> keys(TruckBatch batch) {
        List<String> out = new ArrayList<>();
        int[] next = new int[2];
        for (int i = 0; i < batch.size(); i++) {
            IotTable t = batch.tableOf(i);
            TableRows rows = batch.rows(t);
            int r = next[t.ordinal()]++;
            out.add(t + " " + rows.ts[r] + " " + rows.truck[r] + " " + rows.nullTag[r]);
        }
        return out;
    }

    @Test
    void aCopyOfABatchOfLinesKeepsItsLines() throws IOException {
        Path file = dir.resolve("two.influx");
        Files.write(file, List.of(NAMED_FIRST, NAMED_SECOND, NAMELESS));
        IotFileSummary summary = IotFileReader.validate(file);
        try (IotFileReader reader = new IotFileReader(file, summary, null, 0, true)) {
            TruckBatch batch = new TruckBatch(reader.trucks(), 2);
            reader.fill(batch, 2);
            String first = linesOf(batch);
            List<String> keys = keys(batch);
            long metrics = batch.metrics();
            TruckBatch copy = batch.copy();
            reader.fill(batch, 2);
            assertEquals(NAMELESS + "\n", linesOf(batch));
            assertEquals(NAMED_FIRST + "\n" + NAMED_SECOND + "\n", first);
            assertEquals(first, linesOf(copy));
            assertEquals(keys, keys(copy));
            assertEquals(metrics, copy.metrics());
            assertFalse(copy.hasValues());
        }
    }

    /** A line not as TSBS writes it (a number Go writes otherwise, a non-ASCII byte): the file is read as values. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "latitude=52.31854|latitude=52.318540",
        "elevation=124|elevation=1.24e2",
        "elevation=124|elevation=0124",
        "heading=221|heading=+221",
        "latitude=52.31854|latitude=.31854",
        "driver=Trish|driver=Tr\u00edsh",
    })
    void aFileNotInTsbsFormIsReadAsValues(String from, String to) throws IOException {
        Path file = dir.resolve("other.influx");
        String other = NAMED_SECOND.replace(from, to);
        Files.write(file, List.of(NAMED_FIRST, other), StandardCharsets.UTF_8);
        IotFileSummary summary = IotFileReader.validate(file);
        assertFalse(summary.tsbsForm(), other);
        IotDataSet data = IotDataSet.file(file, 1);
        try (IotRowSource lines = data.client(0, 1, false, true)) {
            TruckBatch batch = lines.next(10);
            assertEquals(2, batch.size());
            assertNull(batch.lines());
            assertTrue(batch.hasValues());
        }
        Path tsbs = dir.resolve("tsbs.influx");
        Files.write(tsbs, List.of(NAMED_FIRST, NAMED_SECOND));
        assertTrue(IotFileReader.validate(tsbs).tsbsForm());
    }

    @Test
    void generatedRecordsAreValuesWhatEverTheWriterTakes() throws IOException {
        try (IotRowSource source = IotDataSet.generated(IotSpec.defaults()).client(0, 2, false, true)) {
            TruckBatch batch = source.next(100);
            assertEquals(100, batch.size());
            assertNull(batch.lines());
            assertTrue(batch.hasValues());
        }
    }
}
