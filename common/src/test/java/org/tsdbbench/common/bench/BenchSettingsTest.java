package org.tsdbbench.common.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.data.DeviceDataSet;
import org.tsdbbench.common.data.Shard;
import org.tsdbbench.common.data.WorkloadSpec;

/** The one file a benchmark's settings travel in: every field comes back as written, the password only as its source. */
class BenchSettingsTest {

    @TempDir
    Path tmp;

    @Test
    void everyFieldComesBackAsWritten() throws IOException {
        DeviceDataSet files = new DeviceDataSet(new WorkloadSpec(40, 300, 1_000L, 7), tmp.resolve("data"), 4).withShard(new Shard(1, 2));
        BenchSettings s = new BenchSettings("mysql", "db.example,db2.example:3307", 3306, "bench", "tsdb", "MY_PW", tmp.resolve("pw"),
                Map.of("writeMode", "batch", "requestTimeoutMs", "2000"), files, tmp.resolve("q.txt"), tmp.resolve("verify.jsonl"),
                tmp.resolve("results"), true);
        Path file = tmp.resolve("settings.json");
        s.writeTo(file);
        assertEquals(s, BenchSettings.read(file));
        BenchSettings plain = new BenchSettings("influx", "127.0.0.1", 8086, "bench", "bench", "INFLUX_PASSWORD", null, Map.of(),
                DeviceDataSet.generated(WorkloadSpec.defaults()), null, null, null, false);
        plain.writeTo(file);
        assertEquals(plain, BenchSettings.read(file));
    }

    @Test
    void thePasswordTravelsAsItsSourceNeverItsValue() throws IOException {
        Path pw = Files.writeString(tmp.resolve("pw"), "s3cr3t-value\n");
        BenchSettings s = new BenchSettings("mysql", "127.0.0.1", 3306, "bench", "bench", "MY_PW", pw, Map.of(),
                DeviceDataSet.generated(WorkloadSpec.defaults()), null, null, null, false);
        assertEquals("s3cr3t-value", s.connection().password().reveal());
        Path file = tmp.resolve("settings.json");
        s.writeTo(file);
        String text = Files.readString(file);
        assertFalse(text.contains("s3cr3t-value"), text);
        assertTrue(text.contains(pw.toString()) && text.contains("\"MY_PW\""), text);
    }

    @Test
    void anIncompleteFileIsNamed() throws IOException {
        Path file = Files.writeString(tmp.resolve("bad.json"), "{\"module\": \"mysql\", \"host\": \"h\", \"user\": \"u\", \"database\": \"d\","
                + " \"passwordEnv\": \"P\", \"dataSet\": {\"numOfDevices\": 1, \"rowsPerDevice\": 1, \"startTs\": 0, \"seed\": 1}}");
        IOException e = assertThrows(IOException.class, () -> BenchSettings.read(file));
        assertEquals("benchmark settings " + file + " cannot be read: no port", e.getMessage());
    }
}
