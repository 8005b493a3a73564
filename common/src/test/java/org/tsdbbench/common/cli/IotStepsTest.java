package org.tsdbbench.common.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.contract.CliCapture;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseDescriptor;
import org.tsdbbench.common.iot.IotWorkload;

/**
 * The steps with {@code --workload iot}, offline, against a module that takes the devices and the
 * trucks and opens no session (every check must come first): the IoT flags' one-line errors in every
 * step, a malformed TSBS file named by file and line, the tests defined on the devices alone
 * refusing the trucks, and the help showing the trucks' flags.
 */
class IotStepsTest {

    private static final Database BOTH = new OfflineDatabase(new DatabaseDescriptor("both", "Both", 1, "bench", "BOTH_PASSWORD")
            .withWorkloads(DevicesWorkload.INSTANCE, IotWorkload.INSTANCE));
    private static final Database DEVICES_ONLY = new OfflineDatabase(new DatabaseDescriptor("devonly", "DevOnly", 1, "bench", "DEVONLY_PASSWORD"));

    @TempDir
    Path tmp;

    private void assertRefused(String expected, Database db, String step, String... args) {
        List<String> all = new ArrayList<>(List.of("--workload", "iot"));
        all.addAll(List.of(args));
        OfflineCli.assertUsage(tmp, expected, OfflineCli.run(tmp, db, step, all.toArray(String[]::new)));
    }

    @Test
    void aBadIotFlagIsOneLineInEveryStepBeforeAnyWork() {
        // the fault step's own required flags are parsed first; it is refused like the others once given them (see ModuleOptionsTest)
        for (String step : WorkloadChoiceTest.STEPS.stream().filter(s -> !s.equals("fault")).toList()) {
            assertRefused("-scale iot-9: not a scenario of report C (iot-1 .. iot-5)", BOTH, step, "-scale", "iot-9");
            assertRefused("-file x.gz and -trucks: the file's records decide the trucks and the time range", BOTH, step, "-file", "x.gz", "-trucks", "3");
        }
        assertRefused("-trucks 0: must be 1..100000000", BOTH, "load", "-trucks", "0");
        assertRefused("--workload: DevOnly does not take the iot workload (it takes devices)", DEVICES_ONLY, "load");
    }

    @Test
    void aMalformedTsbsFileIsOneLineNamingFileAndLineBeforeAnyWork() throws IOException {
        Path file = tmp.resolve("bad.influx");
        Files.writeString(file, "readings,name=truck_0,fleet=South,driver=Andy,model=H-2 velocity=3 1451606400000000000\nreadings,name=truck_0 velocity=x 1451606410000000000\n");
        for (String step : List.of("load", "query", "write", "schema", "disk")) {
            assertRefused(file + ":1: tags device_version, load_capacity, fuel_capacity, nominal_fuel_consumption are missing (TSBS leaves at most one tag of a line out)", BOTH, step,
                    "-file", file.toString());
        }
        assertRefused(tmp.resolve("none.gz") + ": no such TSBS data file", BOTH, "load", "-file", tmp.resolve("none.gz").toString());
    }

    @Test
    void theTestsDefinedOnTheDevicesAloneRefuseTheTrucks() {
        for (String step : List.of("range", "volume", "mixed")) {
            assertRefused("the " + step + " step runs on the devices workload only, not on iot", BOTH, step);
        }
    }

    @Test
    void theHelpShowsTheTrucksFlagsWhenTheyAreChosen() {
        CliCapture.Result r = CliCapture.run(BOTH, List.of("load", "--workload", "iot", "--help"));
        assertEquals(BenchCli.OK, r.exit(), r.output());
        for (String flag : List.of("-scale", "-trucks", "-start", "-end", "-hours", "-seed", "-file")) assertTrue(r.output().contains(flag + ","), flag);
        assertTrue(!r.output().contains("-numOfDevices"), r.output());
        assertTrue(r.output().contains("  iot\n      TSBS's IoT trucks"), r.output());
    }
}
