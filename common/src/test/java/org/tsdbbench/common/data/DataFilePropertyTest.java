package org.tsdbbench.common.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Properties of the data-file parser: whatever a file holds, reading it gives rows or a
 * {@link DataFileException} naming the file (and line) on one line, never another exception; and
 * every valid row survives writer -> reader unchanged.
 */
class DataFilePropertyTest {

    private static Path dir;

    @BeforeContainer
    static void makeDir() throws IOException {
        dir = Files.createTempDirectory("datafile-properties");
    }

    @AfterContainer
    static void removeDir() throws IOException {
        try (var files = Files.walk(dir)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    @Property(tries = 1000)
    void anyBytesGiveRowsOrANamedError(@ForAll @Size(max = 400) byte[] content) throws IOException {
        readOrNamedError(content);
    }

    @Property(tries = 3000)
    void nearlyValidLinesGiveRowsOrANamedError(@ForAll("nearlyValidFiles") String content) throws IOException {
        readOrNamedError(content.getBytes(StandardCharsets.UTF_8));
    }

    @Property(tries = 500)
    void validRowsRoundTrip(@ForAll("devices") List<List<Row>> devices) throws IOException {
        RowBatch written = new RowBatch(devices.stream().mapToInt(List::size).sum());
        for (List<Row> device : devices) {
            for (Row r : device) written.add(r.devid, r.devname, r.devgroup, r.ts, r.temperature, r.humidity);
        }
        Path file = Files.createTempFile(dir, "testdata", ".csv");
        try (DataFileWriter w = new DataFileWriter(file)) {
            w.write(written);
        }
        RowBatch read = new RowBatch(written.capacity() + 1);
        try (DataFileReader r = new DataFileReader(file)) {
            assertEquals(written.size(), r.read(read, read.capacity()));
        }
        Files.delete(file);
        assertArrayEquals(written.devid, java.util.Arrays.copyOf(read.devid, written.size()));
        assertArrayEquals(written.devname, java.util.Arrays.copyOf(read.devname, written.size()));
        assertArrayEquals(written.devgroup, java.util.Arrays.copyOf(read.devgroup, written.size()));
        assertArrayEquals(written.ts, java.util.Arrays.copyOf(read.ts, written.size()));
        assertArrayEquals(written.temperature, java.util.Arrays.copyOf(read.temperature, written.size()));
        assertArrayEquals(written.humidity, java.util.Arrays.copyOf(read.humidity, written.size()));
    }

    /** Reads every row; a failure must be a DataFileException whose one-line message starts with the file. */
    private static void readOrNamedError(byte[] content) throws IOException {
        Path file = Files.createTempFile(dir, "testdata", ".csv");
        Files.write(file, content);
        try (DataFileReader r = new DataFileReader(file)) {
            RowBatch batch = new RowBatch(64);
            while (r.read(batch, batch.capacity()) > 0) batch.clear();
        } catch (DataFileException e) {
            assertTrue(e.getMessage().startsWith(file + ":"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        } finally {
            Files.delete(file);
        }
    }

    /** Lines made of the format's own pieces, valid and broken: numbers, names, signs, decimals, blanks. */
    @Provide
    Arbitrary<String> nearlyValidFiles() {
        Arbitrary<String> token = Arbitraries.oneOf(
                Arbitraries.integers().map(String::valueOf),
                Arbitraries.longs().map(String::valueOf),
                Arbitraries.longs().between(1_500_000_000_000L, 1_600_000_000_000L).map(String::valueOf),
                Arbitraries.integers().between(-100_000, 100_000).map(c -> String.format(java.util.Locale.ROOT, "%.2f", c / 100.0)),
                Arbitraries.strings().withCharRange('a', 'z').withChars('_', '0', '1').ofMinLength(1).ofMaxLength(20),
                Arbitraries.of("-", "+", ".", "-.", "1.", ".5", "NaN", "Infinity", "1e3", "0x1p3", "1f", "99999999999999999999",
                        "-9223372036854775808", "9223372036854775808", "2147483648", "é", "\u0000"),
                Arbitraries.strings().ofMaxLength(6));
        Arbitrary<String> separator = Arbitraries.of(" ", " ", " ", "\t", "  ", "");
        Arbitrary<String> line = Combinators.combine(token.list().ofMinSize(0).ofMaxSize(8), separator.list().ofSize(8))
                .as((tokens, seps) -> {
                    StringBuilder sb = new StringBuilder();
                    for (int i = 0; i < tokens.size(); i++) sb.append(tokens.get(i)).append(i + 1 < tokens.size() ? seps.get(i) : "");
                    return sb.toString();
                });
        return line.list().ofMaxSize(6).flatMap(lines -> Arbitraries.of("\n", "\r\n", "").map(end -> String.join("\n", lines) + end));
    }

    /** A file's worth of valid rows: several devices, each with strictly rising timestamps. */
    @Provide
    Arbitrary<List<List<Row>>> devices() {
        Arbitrary<List<Row>> device = Combinators.combine(
                Arbitraries.integers(),
                Arbitraries.strings().withCharRange('a', 'z').withCharRange('A', 'Z').withCharRange('0', '9').withChars('_')
                        .ofMinLength(1).ofMaxLength(DataFileReader.MAX_DEVNAME_BYTES),
                Arbitraries.integers(),
                Arbitraries.longs().between(-1L << 50, 1L << 50),
                Arbitraries.integers().list().ofMinSize(1).ofMaxSize(20),
                Arbitraries.integers().between(-1_000_000, 1_000_000).list().ofSize(20),
                Arbitraries.integers().between(1, 1_000_000).list().ofSize(20))
                .as((devid, name, group, firstTs, temperatures, centis, steps) -> {
                    List<Row> rows = new ArrayList<>();
                    long ts = firstTs;
                    for (int i = 0; i < temperatures.size(); i++) {
                        rows.add(new Row(devid, name, group, ts, temperatures.get(i), (float) (centis.get(i) / 100.0)));
                        ts += steps.get(i);
                    }
                    return rows;
                });
        // Neighbouring devices have different ids (a device's rows are contiguous in a file).
        return device.list().ofMinSize(1).ofMaxSize(5).filter(DataFilePropertyTest::neighboursDiffer);
    }

    private static boolean neighboursDiffer(List<List<Row>> devices) {
        for (int i = 1; i < devices.size(); i++) if (devices.get(i).get(0).devid == devices.get(i - 1).get(0).devid) return false;
        return true;
    }

    record Row(int devid, String devname, int devgroup, long ts, int temperature, float humidity) {
    }
}
