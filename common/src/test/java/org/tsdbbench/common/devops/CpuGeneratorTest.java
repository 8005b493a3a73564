package org.tsdbbench.common.devops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.data.Shard;

class CpuGeneratorTest {

    static final DevopsSpec SPEC = new DevopsSpec(7, DevopsSpec.DEFAULT_START_NS, DevopsSpec.DEFAULT_START_NS + 3_600_000_000_000L,
            DevopsSpec.DEFAULT_INTERVAL_NS, 42);

    /** Every row as host, time, ten values. */
    static List<long[]> rows(CpuSource source) throws Exception {
        List<long[]> out = new ArrayList<>();
        for (CpuBatch b = source.next(500); !b.isEmpty(); b = source.next(500)) {
            for (int r = 0; r < b.size(); r++) {
                long[] row = new long[12];
                row[0] = b.host(r);
                row[1] = b.timeNs(r);
                for (int f = 0; f < 10; f++) row[2 + f] = b.value(r, f);
                out.add(row);
            }
        }
        return out;
    }

    static final Comparator<long[]> BY_HOST_AND_TIME = Comparator.<long[]>comparingLong(r -> r[0]).thenComparingLong(r -> r[1]);

    @Test
    void everyHostHasARowPerIntervalInTsbsOrderWithUsagesWithin0And100() throws Exception {
        List<long[]> all = rows(new CpuGenerator(SPEC).all());
        assertEquals(SPEC.rows(), all.size());
        assertEquals(7 * 360, all.size());
        for (int i = 0; i < all.size(); i++) {
            long[] r = all.get(i);
            assertEquals(i % 7, r[0], "epoch by epoch, host by host");
            assertEquals(SPEC.timestamp(i / 7), r[1]);
            for (int f = 0; f < 10; f++) assertTrue(r[2 + f] >= 0 && r[2 + f] <= 100, "usage " + r[2 + f]);
        }
    }

    @Test
    void theRowsAreTheSameHoweverTheHostsAreSplit() throws Exception {
        List<long[]> whole = rows(new CpuGenerator(SPEC).all());
        whole.sort(BY_HOST_AND_TIME);
        CpuDataSet set = CpuDataSet.generated(SPEC);
        for (int clients : new int[] {1, 2, 3}) {
            List<long[]> split = new ArrayList<>();
            for (int shard = 0; shard < 2; shard++) {
                CpuDataSet part = set.withShard(new Shard(shard, 2));
                for (int c = 0; c < clients; c++) split.addAll(rows(part.client(c, clients, false)));
            }
            split.sort(BY_HOST_AND_TIME);
            assertEquals(whole.size(), split.size());
            for (int i = 0; i < whole.size(); i++) assertArrayEquals(whole.get(i), split.get(i), clients + " clients, row " + i);
        }
    }

    @Test
    void aWalkMovesByNormalStepsAndTheSeedDecidesIt() throws Exception {
        List<long[]> all = rows(new CpuGenerator(SPEC).all());
        // Steps of N(0, 1), truncated to integers: consecutive values of a host's field differ by a few units at most.
        long changed = 0;
        for (int i = 7; i < all.size(); i++) {
            for (int f = 0; f < 10; f++) {
                long d = Math.abs(all.get(i)[2 + f] - all.get(i - 7)[2 + f]);
                assertTrue(d <= 7, "step of " + d);
                if (d > 0) changed++;
            }
        }
        assertTrue(changed > all.size() * 10 / 3, "values move: " + changed);
        List<long[]> other = rows(new CpuGenerator(SPEC.withSeed(43)).all());
        assertNotEquals(all.get(0)[2], other.get(0)[2] + 1000);
        long same = 0;
        for (int i = 0; i < all.size(); i++) if (all.get(i)[2] == other.get(i)[2]) same++;
        assertTrue(same < all.size() / 5, "another seed, other values: " + same + " equal");
    }

    @Test
    void aHostsTagsAreTsbsChoicesAndStayItsOwn() {
        String[] t = HostTags.generated(42, 5);
        assertEquals("host_5", t[0]);
        assertTrue(t[2].startsWith(t[1]), "the datacenter is of the region: " + t[1] + " " + t[2]);
        assertTrue(Integer.parseInt(t[3]) < 100 && Integer.parseInt(t[7]) < 20 && Integer.parseInt(t[8]) < 2);
        assertArrayEquals(t, HostTags.generated(42, 5));
        assertTrue(List.of("Ubuntu16.10", "Ubuntu16.04LTS", "Ubuntu15.10").contains(t[4]));
    }

    @Test
    void anUnboundedSourceGoesOnPastTheEnd() throws Exception {
        CpuSource s = CpuDataSet.generated(SPEC).client(0, 1, true);
        long last = 0;
        for (int i = 0; i < 10; i++) {
            CpuBatch b = s.next(1000);
            assertEquals(1000, b.size());
            last = b.timeNs(b.size() - 1);
        }
        assertTrue(last >= SPEC.endNs(), "past the data set's end");
    }
}
