package org.tsdbbench.common.devops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.data.DataFileException;

class CpuFileTest {

    static final DevopsSpec SPEC = CpuGeneratorTest.SPEC;

    @Test
    void aLineIsTsbsInfluxFormat() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CpuLineWriter w = new CpuLineWriter(out); CpuSource s = new CpuGenerator(SPEC).all()) {
            w.write(s.next(1));
        }
        String line = out.toString(StandardCharsets.UTF_8);
        assertTrue(line.matches("cpu,hostname=host_0,region=[a-z0-9-]+,datacenter=[a-z0-9-]+,rack=\\d+,os=Ubuntu[0-9.LTS]+,arch=x(64|86),"
                + "team=(SF|NYC|LON|CHI),service=\\d+,service_version=[01],service_environment=(production|staging|test) "
                + "usage_user=\\d+i,usage_system=\\d+i,usage_idle=\\d+i,usage_nice=\\d+i,usage_iowait=\\d+i,usage_irq=\\d+i,usage_softirq=\\d+i,"
                + "usage_steal=\\d+i,usage_guest=\\d+i,usage_guest_nice=\\d+i 1451606400000000000\n"), line);
    }

    @Test
    void aWrittenFileReadsBackRowForRowAndDecidesTheSpec(@TempDir Path dir) throws Exception {
        for (String name : new String[] {"cpu.txt", "cpu.gz"}) {
            Path file = dir.resolve(name);
            assertEquals(SPEC.rows(), CpuLineWriter.write(new CpuGenerator(SPEC).all(), file));
            CpuFileReader.Summary found = CpuFileReader.validate(file);
            assertEquals(SPEC, found.spec(SPEC.seed()), name);
            CpuDataSet set = CpuDataSet.file(file, SPEC.seed());
            List<long[]> read = new ArrayList<>();
            for (int c = 0; c < 3; c++) read.addAll(CpuGeneratorTest.rows(set.client(c, 3, false)));
            read.sort(CpuGeneratorTest.BY_HOST_AND_TIME);
            List<long[]> want = CpuGeneratorTest.rows(new CpuGenerator(SPEC).all());
            want.sort(CpuGeneratorTest.BY_HOST_AND_TIME);
            assertEquals(want.size(), read.size(), name);
            for (int i = 0; i < want.size(); i++) assertArrayEquals(want.get(i), read.get(i), name + " row " + i);
            assertArrayEquals(HostTags.generated(SPEC.seed(), 3), found.hosts().tags(3));
            assertEquals(SPEC.catalog(), set.spec().catalog(), "the same queries drawn");
        }
    }

    /** A reader of lines hands each client its hosts' lines exactly as the file holds them, skipping the others'. */
    @Test
    void aClientsLinesAreTheFilesLinesOfItsHosts(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("cpu.txt");
        CpuLineWriter.write(new CpuGenerator(SPEC).all(), file);
        CpuFileReader.Summary found = CpuFileReader.validate(file);
        List<String> all = Files.readAllLines(file);
        for (int client = 0; client < 3; client++) {
            List<String> got = new ArrayList<>();
            long rows = 0;
            try (CpuFileReader r = new CpuFileReader(found, client, 3, 0, true)) {
                for (CpuBatch b = r.next(100); !b.isEmpty(); b = r.next(100)) {
                    assertTrue(b.hasLines());
                    String text = new String(b.lines(), 0, b.linesLength(), java.nio.charset.StandardCharsets.UTF_8);
                    got.addAll(List.of(text.split("\n")));
                    for (int row = 0; row < b.size(); row++) assertEquals(client, b.host(row) % 3);
                    rows += b.size();
                }
            }
            int c = client;
            List<String> want = all.stream().filter(l -> Integer.parseInt(l.substring(18, l.indexOf(',', 18))) % 3 == c).toList();
            assertEquals(want, got, "client " + client);
            assertEquals(want.size(), rows);
        }
    }

    @Test
    void aBadLineIsNamedByFileAndLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("cpu.txt");
        CpuLineWriter.write(new CpuGenerator(SPEC).all(), file);
        List<String> lines = Files.readAllLines(file);
        assertBad(dir, lines, 5, l -> l.replace("usage_idle=", "usage_idel="), "cpu-bad.txt:6: field 'usage_idel=");
        assertBad(dir, lines, 2, l -> l.replace("cpu,", "mem,"), "cpu-bad.txt:3: measurement 'mem'");
        assertBad(dir, lines, 2, l -> l.replaceAll(",rack=\\d+", ""), "cpu-bad.txt:3: no tag rack");
        assertBad(dir, lines, 9, l -> l.replaceAll(",rack=\\d+", ""), "cpu-bad.txt:10: host_2's tags differ");
        assertBad(dir, lines, 3, l -> l.replace(" 1451606400000000000", " 14516064000x0000000"), "cpu-bad.txt:4: time '14516064000x0000000'");
        assertBad(dir, lines, 9, l -> l.replaceAll("usage_nice=(\\d+)i", "usage_nice=$1.5"), "cpu-bad.txt:10: field 'usage_nice=");
        assertBad(dir, lines, 20, l -> l.replaceAll(",team=[A-Z]+", ",team=XX"), "cpu-bad.txt:21: host_6's tags differ");
        assertBad(dir, lines, 0, l -> l.replace("hostname=host_0", "hostname=web1"), "cpu-bad.txt:1: hostname 'web1'");
        assertThrows(DataFileException.class, () -> CpuFileReader.validate(dir.resolve("none.txt")));
    }

    private static void assertBad(Path dir, List<String> lines, int index, java.util.function.UnaryOperator<String> change, String message) throws IOException {
        List<String> bad = new ArrayList<>(lines);
        bad.set(index, change.apply(bad.get(index)));
        Path file = dir.resolve("cpu-bad.txt");
        Files.write(file, bad);
        DataFileException e = assertThrows(DataFileException.class, () -> CpuFileReader.validate(file));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }
}
