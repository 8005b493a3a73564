package org.tsdbbench.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generator writes the chosen workload's files: the devices by default, byte for byte the same when named; an unknown workload is bad input. */
class GeneratorMainTest {

    @TempDir
    Path tmp;

    private int generate(Path dir, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("-dataDir", dir.toString(), "-numOfFiles", "2", "-numOfDevices", "4",
                "-rowsPerDevice", "5", "-seed", "9", "--no-progress"));
        args.addAll(List.of(more));
        return GeneratorMain.run(args.toArray(String[]::new));
    }

    @Test
    void theDevicesAreTheDefaultAndNamedGiveTheSameFiles() throws Exception {
        assertEquals(0, generate(tmp.resolve("default")));
        assertEquals(0, generate(tmp.resolve("named"), "-workload", "devices"));
        for (String f : List.of("testdata0.csv", "testdata1.csv")) {
            List<String> lines = Files.readAllLines(tmp.resolve("default").resolve(f));
            assertEquals(10, lines.size(), "2 devices x 5 rows");
            assertEquals(lines, Files.readAllLines(tmp.resolve("named").resolve(f)));
        }
    }

    @Test
    void anUnknownWorkloadIsBadInputAndWritesNothing() {
        assertEquals(2, generate(tmp.resolve("none"), "--workload", "trucks"));
        assertFalse(Files.exists(tmp.resolve("none")));
    }

    /** {@code -workload iot} writes TSBS's influx format, gzip for a .gz name; the suite reads it back as the same records. */
    @Test
    void theIotWorkloadWritesATsbsFileTheSuiteReadsBack() throws Exception {
        Path gz = tmp.resolve("iot").resolve("out.gz");
        assertEquals(0, GeneratorMain.run("-workload", "iot", "-trucks", "3", "-hours", "1", "-seed", "5", "-file", gz.toString()));
        Path plain = tmp.resolve("out.influx");
        assertEquals(0, GeneratorMain.run("--workload=iot", "-trucks", "3", "-hours", "1", "-seed", "5", "-file", plain.toString()));
        List<String> lines = Files.readAllLines(plain);
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(gz))) {
            assertEquals(String.join("\n", lines) + "\n", new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8), "the same lines, gzipped");
        }
        assertTrue(lines.get(0).startsWith("readings,name=truck_"), lines.get(0));
        assertTrue(lines.get(0).endsWith(" 1451606400000000000"), lines.get(0));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("diagnostics,") && l.contains(",status=") && l.matches(".*status=\\d+i.*")), "status an integer");
        var spec = org.tsdbbench.common.iot.IotSpec.of(3, "2016-01-01T00:00:00Z", "2016-01-01T01:00:00Z", java.time.Duration.ofSeconds(10), 5);
        var generated = org.tsdbbench.common.iot.IotDataSet.generated(spec);
        var file = org.tsdbbench.common.iot.IotDataSet.file(gz, 5);
        assertEquals(generated.knownRows().getAsLong(), lines.size(), "every record a line");
        assertEquals(spec, file.spec());
        assertEquals(Files.size(plain), generated.rawTextBytes());
    }

    @Test
    void aBadIotFlagIsOneLineAndWritesNothing() {
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(captured, true));
        try {
            assertEquals(2, GeneratorMain.run("-workload", "iot", "-scale", "iot-7", "-file", tmp.resolve("x.gz").toString()));
        } finally {
            System.setErr(err);
        }
        assertFalse(Files.exists(tmp.resolve("x.gz")));
        assertEquals(List.of("error: -scale iot-7: not a scenario of report C (iot-1 .. iot-5)"), captured.toString().strip().lines().toList());
    }
}
