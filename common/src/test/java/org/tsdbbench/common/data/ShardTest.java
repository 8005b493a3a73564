package org.tsdbbench.common.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.db.ConnectionOptions;

/** N shards, each with its clients, write every row of the data set exactly once. */
class ShardTest {

    @TempDir
    Path dir;

    @Test
    void parsesIOfNAndNamesWhatIsWrong() {
        assertEquals(new Shard(2, 5), Shard.parse(" 2/5 "));
        assertTrue(Shard.parse("0/1").whole());
        assertEquals("need 0 <= i < N", assertThrows(IllegalArgumentException.class, () -> Shard.parse("5/5")).getMessage().substring(5));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Shard.parse("-1/3")).getMessage().contains("need 0 <= i < N"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Shard.parse("a/3")).getMessage().contains("not i/N"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Shard.parse("1/2/3")).getMessage().contains("not i/N"));
    }

    @Test
    void shardsAndTheirClientsCoverEveryGeneratedRowOnce() throws Exception {
        for (int devices : new int[] {1, 2, 7, 31, 100}) {
            WorkloadSpec spec = new WorkloadSpec(devices, 3, WorkloadSpec.DEFAULT_START_TS, 7);
            for (int shards = 1; shards <= Math.min(devices, 6); shards++) {
                Set<String> seen = new HashSet<>();
                long rows = 0;
                for (int i = 0; i < shards; i++) {
                    DeviceDataSet shard = DeviceDataSet.generated(spec).withShard(new Shard(i, shards));
                    assertTrue(shard.devices().count() >= 1, "shard " + i + "/" + shards + " of " + devices + " devices is empty");
                    for (int clients = 1; clients <= Math.min(3, shard.maxClients()); clients++) {
                        Set<String> once = new HashSet<>();
                        for (int c = 0; c < clients; c++) rows(shard.client(c, clients, false), once);
                        assertEquals((long) shard.devices().count() * 3, once.size(), devices + " devices, shard " + i + "/" + shards);
                        if (clients == 1) {
                            rows += once.size();
                            for (String key : once) assertTrue(seen.add(key), "row " + key + " in two shards");
                        }
                    }
                }
                assertEquals(spec.totalRows(), rows, devices + " devices in " + shards + " shards");
            }
        }
    }

    @Test
    void shardsTakeWholeFilesAndTogetherEveryFile() throws Exception {
        WorkloadSpec spec = new WorkloadSpec(10, 4, WorkloadSpec.DEFAULT_START_TS, 3);
        for (int f = 0; f < 5; f++) {
            try (DataFileWriter w = new DataFileWriter(DataFiles.file(dir, f)); RowSource rows = DeviceDataSet.generated(spec).client(f, 5, false)) {
                RowBatch batch = new RowBatch(100);
                while (rows.fill(batch, 100) > 0) w.write(batch);
            }
        }
        Set<String> all = new HashSet<>();
        rows(DeviceDataSet.generated(spec).all(), all);
        for (int shards = 1; shards <= 5; shards++) {
            Set<String> seen = new HashSet<>();
            long bytes = 0;
            for (int i = 0; i < shards; i++) {
                DeviceDataSet shard = new DeviceDataSet(spec, dir, 5).withShard(new Shard(i, shards));
                rows(shard.all(), seen);
                bytes += shard.rawTextBytes();
            }
            assertEquals(all, seen, shards + " shards of 5 files");
            long total = 0;
            for (int f = 0; f < 5; f++) total += Files.size(DataFiles.file(dir, f));
            assertEquals(total, bytes);
        }
    }

    @Test
    void severalServerAddressesEachWithAnOptionalPort() {
        ConnectionOptions o = new ConnectionOptions("a, b:9043 ,c", 9042, "u", "d", ConnectionOptions.Secret.none(), java.util.Map.of());
        assertEquals(List.of(new ConnectionOptions.Address("a", 9042), new ConnectionOptions.Address("b", 9043),
                new ConnectionOptions.Address("c", 9042)), o.addresses());
        assertEquals("a:9042,b:9043,c:9042", o.address());
        assertTrue(assertThrows(Exception.class, () -> o.single("InfluxDB")).getMessage().contains("InfluxDB takes one server address"));
        ConnectionOptions bad = new ConnectionOptions("a:x", 1, "u", "d", ConnectionOptions.Secret.none(), java.util.Map.of());
        assertTrue(assertThrows(IllegalArgumentException.class, bad::addresses).getMessage().contains("'a:x' has no port number"));
    }

    private static void rows(RowSource source, Set<String> into) throws Exception {
        try (source) {
            RowBatch batch = new RowBatch(64);
            while (source.fill(batch, 64) > 0) {
                for (int r = 0; r < batch.size(); r++) {
                    assertTrue(into.add(batch.devid[r] + "@" + batch.ts[r]), "row " + batch.devid[r] + "@" + batch.ts[r] + " twice");
                }
            }
        }
    }
}
