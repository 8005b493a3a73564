package org.tsdbbench.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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
}
