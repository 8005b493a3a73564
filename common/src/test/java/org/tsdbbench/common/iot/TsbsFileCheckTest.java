package org.tsdbbench.common.iot;

import org.tsdbbench.common.workload.ResultCheck;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.iot.Records.Rec;

/**
 * Checks the reader, the writer and the answers against a file made by TSBS's own
 * {@code tsbs_generate_data --use-case=iot --format=influx} (plain or gzip), named by
 * {@code -Diot.tsbsFile=PATH}: no such file ships with the project.
 */
class TsbsFileCheckTest {

    @Test
    void aTsbsFileReadsWritesBackLineForLineAndAgreesWithTheBruteForce() throws IOException {
        String name = System.getProperty("iot.tsbsFile");
        assumeTrue(name != null && !name.isEmpty(), "no TSBS file to check: pass -Diot.tsbsFile=PATH (made by tsbs_generate_data --use-case=iot --format=influx)");
        Path file = Path.of(name);
        IotFileSummary summary = IotFileReader.validate(file);
        List<Rec> records;
        try (IotFileReader reader = new IotFileReader(file, summary)) {
            records = Records.drain(reader, 10_000);
        }
        assertEquals(summary.records(), records.size());
        // Written back, the records are TSBS's bytes.
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (IotFileReader reader = new IotFileReader(file, summary); IotLineWriter writer = new IotLineWriter(out)) {
            TruckBatch batch = new TruckBatch(reader.trucks(), 10_000);
            while (reader.fill(batch, batch.capacity()) > 0) writer.write(batch);
        }
        byte[] original;
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(2);
            try (InputStream all = head.length == 2 && (head[0] & 0xFF) == 0x1f && (head[1] & 0xFF) == 0x8b
                    ? new GZIPInputStream(Files.newInputStream(file)) : Files.newInputStream(file)) {
                original = all.readAllBytes();
            }
        }
        // Every line comes back as TSBS wrote it. Records without a name that share a key go through one
        // queue (one client sends them in file order, never two of a key in one request), so they may come
        // back later than their place in the file; every other line keeps its place.
        List<String> tsbs = lines(original);
        List<String> back = lines(out.toByteArray());
        assertEquals(named(tsbs), named(back), "the records with a name, written back, differ from TSBS's or moved");
        assertEquals(sorted(tsbs), sorted(back), "the lines written back differ from TSBS's");
        IotSpec spec = summary.spec();
        List<IotQuery> queries = IotQueryCatalog.draw(spec, summary.trucks().values(IotTag.FLEET), 1, 2);
        for (TagModel model : TagModel.values()) {
            IotAnswers answers;
            try (IotFileReader reader = new IotFileReader(file, summary)) {
                answers = IotAnswers.compute(reader, spec, model, queries);
            }
            BruteForce brute = new BruteForce(BruteForce.stored(records, model), summary.trucks(), model);
            for (IotQuery q : queries) {
                ResultCheck check = answers.answer(q).newCheck();
                List<BruteForce.Result> rows = brute.run(q);
                for (BruteForce.Result r : rows) check.row(r.values(), r.texts());
                assertNull(check.mismatch(), check.mismatch());
                System.out.println(model + " " + q.id() + ": " + rows.size() + " rows");
            }
        }
        long nullTag = records.stream().filter(r -> java.util.Arrays.stream(r.tags()).anyMatch(t -> t == null)).count();
        long nullName = records.stream().filter(r -> r.tag(IotTag.NAME) == null).count();
        long nullField = records.stream().filter(r -> java.util.Arrays.stream(r.fields()).anyMatch(Double::isNaN)).count();
        long backwards = 0;
        for (int i = 1; i < records.size(); i++) if (records.get(i).ts() < records.get(i - 1).ts()) backwards++;
        System.out.printf("%s: %d records of %d slots (%.4f), null tag %.4f, null name %.5f, null field %.4f, going back in time %.4f%n", file,
                records.size(), spec.recordSlots(), records.size() / (double) spec.recordSlots(), nullTag / (double) records.size(),
                nullName / (double) records.size(), nullField / (double) records.size(), backwards / (double) records.size());
    }

    private static List<String> lines(byte[] text) {
        return List.of(new String(text, StandardCharsets.US_ASCII).split("\n"));
    }

    /** The lines naming their truck (TSBS writes the name first), in their order. */
    private static List<String> named(List<String> lines) {
        return lines.stream().filter(l -> l.startsWith("readings,name=") || l.startsWith("diagnostics,name=")).toList();
    }

    private static List<String> sorted(List<String> lines) {
        return lines.stream().sorted().toList();
    }
}
