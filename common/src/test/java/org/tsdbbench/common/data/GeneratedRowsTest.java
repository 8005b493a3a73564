package org.tsdbbench.common.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GeneratedRowsTest {

    private static final WorkloadSpec SPEC = new WorkloadSpec(10, 5, 0, 1);

    @Test
    void boundedYieldsEachRowOnceInDeviceThenTimeOrder() {
        GeneratedRows rows = new GeneratedRows(new DeviceGenerator(SPEC), new DeviceRange(3, 4), false);
        RowBatch b = new RowBatch(3);
        StringBuilder seen = new StringBuilder();
        while (rows.fill(b, 3) > 0) for (int i = 0; i < b.size(); i++) seen.append(b.devid[i]).append('@').append(b.ts[i]).append(' ');
        assertEquals("3@0 3@1000 3@2000 3@3000 3@4000 4@0 4@1000 4@2000 4@3000 4@4000 ", seen.toString());
    }

    @Test
    void unboundedGoesOnWithLaterRowsAndNeverRepeatsAKey() {
        GeneratedRows rows = new GeneratedRows(new DeviceGenerator(SPEC), new DeviceRange(1, 2), true);
        RowBatch b = new RowBatch(7);
        Set<String> keys = new HashSet<>();
        for (int i = 0; i < 10; i++) {
            assertEquals(7, rows.fill(b, 7));
            for (int j = 0; j < 7; j++) assertTrue(keys.add(b.devid[j] + "@" + b.ts[j]), "duplicate " + b.devid[j] + "@" + b.ts[j]);
        }
        // 70 rows of 2 devices: 35 each, i.e. seven passes of 5 rows.
        assertTrue(keys.contains("1@34000") && keys.contains("2@34000"));
    }

    @Test
    void clientsSplitDevicesDisjointAndComplete() {
        for (int devices : new int[] {1, 7, 100, 10_000}) {
            for (int clients = 1; clients <= Math.min(devices, 9); clients++) {
                List<DeviceRange> parts = DeviceRange.split(devices, clients);
                int next = 1;
                for (DeviceRange r : parts) {
                    assertEquals(next, r.first());
                    assertTrue(r.count() >= devices / clients && r.count() <= devices / clients + 1);
                    next = r.last() + 1;
                }
                assertEquals(devices + 1, next);
            }
        }
    }
}
