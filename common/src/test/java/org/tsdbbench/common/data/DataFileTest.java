package org.tsdbbench.common.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataFileTest {

    @TempDir
    Path dir;

    private static final WorkloadSpec SPEC = new WorkloadSpec(30, 200, WorkloadSpec.DEFAULT_START_TS, 7);

    @Test
    void roundTripKeepsEveryValue() throws IOException {
        Path file = dir.resolve("testdata0.csv");
        RowBatch written = new RowBatch(SPEC.numOfDevices() * SPEC.rowsPerDevice());
        new GeneratedRows(new DeviceGenerator(SPEC), new DeviceRange(1, 30), false).fill(written, written.capacity());
        try (DataFileWriter w = new DataFileWriter(file)) {
            w.write(written);
        }
        RowBatch read = new RowBatch(written.capacity());
        try (DataFileReader r = new DataFileReader(file)) {
            assertEquals(written.size(), r.read(read, read.capacity()));
            assertEquals(0, r.read(new RowBatch(1), 1));
        }
        assertArrayEquals(written.devid, read.devid);
        assertArrayEquals(written.devgroup, read.devgroup);
        assertArrayEquals(written.ts, read.ts);
        assertArrayEquals(written.temperature, read.temperature);
        assertArrayEquals(written.humidity, read.humidity);
        assertArrayEquals(written.devname, read.devname);
    }

    @Test
    void fileRowsReadClientsFilesInOrder() throws IOException {
        for (int i = 0; i < 3; i++) {
            RowBatch b = new RowBatch(10 * SPEC.rowsPerDevice());
            new GeneratedRows(new DeviceGenerator(SPEC), DeviceRange.part(30, i, 3), false).fill(b, b.capacity());
            try (DataFileWriter w = new DataFileWriter(DataFiles.file(dir, i))) {
                w.write(b);
            }
        }
        DeviceDataSet files = new DeviceDataSet(SPEC, dir, 3);
        files.checkFiles();
        List<String> fromFiles = keys(files.all());
        List<String> generated = keys(DeviceDataSet.generated(SPEC).all());
        assertEquals(generated, fromFiles);
        // Clients own whole files: client 1 of 3 reads file 1 only.
        assertEquals(keys(new GeneratedRows(new DeviceGenerator(SPEC), DeviceRange.part(30, 1, 3), false)), keys(files.client(1, 3, false)));
    }

    @Test
    void unboundedFileRowsMovePastTheData() throws IOException {
        try (DataFileWriter w = new DataFileWriter(DataFiles.file(dir, 0))) {
            RowBatch b = new RowBatch(4);
            b.add(1, "dev_1", 1, 1000, 5, 1.5f);
            b.add(1, "dev_1", 1, 2000, 6, 2.5f);
            w.write(b);
        }
        try (FileRows rows = new FileRows(List.of(DataFiles.file(dir, 0)), true)) {
            RowBatch b = new RowBatch(5);
            assertEquals(5, rows.fill(b, 5));
            assertArrayEquals(new long[] {1000, 2000, 3000, 4000, 5000}, b.ts);
        }
    }

    @Test
    void originalGeneratorFilesLoad() throws IOException {
        // The original generator wrote "devid devname devgroup ts humidity(int) temperature(0.0000)".
        Path file = dir.resolve("testdata0.csv");
        Files.writeString(file, "1 dev_1 1 1563249700000 57 12.3456\n1 dev_1 1 1563249701000 40 -3.0001\n");
        RowBatch b = new RowBatch(10);
        try (DataFileReader r = new DataFileReader(file)) {
            assertEquals(2, r.read(b, 10));
        }
        assertEquals(57, b.temperature[0]);
        assertEquals(12.3456f, b.humidity[0]);
        assertEquals(-3.0001f, b.humidity[1]);
    }

    @Test
    void malformedLinesNameFileAndLine() throws IOException {
        String good = "1 dev_1 1 1563249700000 12 57.25\n";
        assertError(good + "1 dev_1 1 1563249701000 12\n", ":2: expected 6 columns");
        assertError(good + "1 dev_1 1 1563249701000 12 57.25 9\n", ":2: expected 6 columns");
        assertError(good + "x dev_1 1 1563249701000 12 57.25\n", ":2: devid 'x' is not a number");
        assertError(good + "1 dev_1 1 1563249701000 12 NaN\n", ":2: humidity 'NaN' is not a number");
        assertError(good + "1 dev_1 1 1563249701000 12 1e3\n", ":2: humidity '1e3' is not a number");
        assertError(good + "1 dev_1234567890123 1 1563249701000 12 57.25\n", ":2: devname 'dev_1234567890123' is 17 bytes");
        assertError(good + "1 dev_1 1 1563249700000 12 57.25\n", ":2: timestamps out of order for devid 1");
        assertError(good + "\n" + good, ":2: empty line");
        assertError("1 dev_1 1 99999999999999999999 12 57.25\n", ":1: ts '99999999999999999999' is not a number");
    }

    @Test
    void missingFileIsNamed() {
        Path missing = dir.resolve("testdata9.csv");
        DataFileException e = assertThrows(DataFileException.class, () -> new DataFileReader(missing));
        assertTrue(e.getMessage().contains("testdata9.csv: no such data file"), e.getMessage());
        DataFileException e2 = assertThrows(DataFileException.class, () -> new DeviceDataSet(SPEC, dir, 2).checkFiles());
        assertTrue(e2.getMessage().contains("testdata0.csv"), e2.getMessage());
    }

    private void assertError(String content, String expected) throws IOException {
        Path file = dir.resolve("bad.csv");
        Files.writeString(file, content);
        DataFileException e = assertThrows(DataFileException.class, () -> {
            try (DataFileReader r = new DataFileReader(file)) {
                r.read(new RowBatch(100), 100);
            }
        });
        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage() + " should contain " + expected);
    }

    private static List<String> keys(RowSource source) throws IOException {
        List<String> keys = new ArrayList<>();
        RowBatch b = new RowBatch(333);
        try (source) {
            while (source.fill(b, 333) > 0) {
                for (int i = 0; i < b.size(); i++) keys.add(b.devid[i] + " " + b.devname[i] + " " + b.devgroup[i] + " " + b.ts[i] + " " + b.temperature[i] + " " + b.humidity[i]);
            }
        }
        return keys;
    }
}
