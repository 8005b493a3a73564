package org.tsdbbench.common.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.junit.jupiter.api.Test;

class DeviceGeneratorTest {

    private static final WorkloadSpec SPEC = new WorkloadSpec(200, 10_000, WorkloadSpec.DEFAULT_START_TS, 42);

    @Test
    void sameSeedSameValuesInAnyOrder() {
        DeviceGenerator a = new DeviceGenerator(SPEC);
        DeviceGenerator b = new DeviceGenerator(SPEC);
        // b is asked in reverse order: random access must not depend on what was asked before.
        for (int devid = SPEC.numOfDevices(); devid >= 1; devid -= 7) {
            for (long row = 9_999; row >= 0; row -= 997) {
                assertEquals(a.temperature(devid, row), b.temperature(devid, row));
                assertEquals(a.humidityCenti(devid, row), b.humidityCenti(devid, row));
            }
        }
    }

    @Test
    void batchesEqualRandomAccess() {
        DeviceGenerator g = new DeviceGenerator(SPEC);
        RowBatch batch = new RowBatch(500);
        g.appendRows(batch, 17, 1234, 500);
        for (int i = 0; i < 500; i++) {
            assertEquals(17, batch.devid[i]);
            assertEquals("dev_17", batch.devname[i]);
            assertEquals(17, batch.devgroup[i]);
            assertEquals(SPEC.timestamp(1234 + i), batch.ts[i]);
            assertEquals(g.temperature(17, 1234 + i), batch.temperature[i]);
            assertEquals(g.humidityCenti(17, 1234 + i) / 100f, batch.humidity[i]);
        }
    }

    @Test
    void otherSeedOtherValues() {
        DeviceGenerator a = new DeviceGenerator(SPEC);
        DeviceGenerator b = new DeviceGenerator(new WorkloadSpec(200, 10_000, SPEC.startTs(), 43));
        int differ = 0;
        for (int row = 0; row < 100; row++) if (a.humidityCenti(5, row) != b.humidityCenti(5, row)) differ++;
        assertTrue(differ > 90, "seeds 42 and 43 should give different streams, " + differ + " of 100 differ");
    }

    /** Known values pin the algorithm: a change here changes every published data set. */
    @Test
    void valuesArePinned() {
        DeviceGenerator g = new DeviceGenerator(new WorkloadSpec(1000, 10_000, WorkloadSpec.DEFAULT_START_TS, 42));
        assertEquals(10, g.temperature(1, 0));
        assertEquals(5340, g.humidityCenti(1, 0));
        assertEquals(1, g.temperature(1, 1));
        assertEquals(4445, g.humidityCenti(1, 1));
    }

    @Test
    void eachDeviceFollowsItsNormalDistribution() {
        DeviceGenerator g = new DeviceGenerator(SPEC);
        for (int devid = 1; devid <= SPEC.numOfDevices(); devid++) {
            double tc = g.temperatureCentre(devid);
            double hc = g.humidityCentre(devid);
            assertTrue(tc >= 0 && tc < 21, "temperature centre " + tc);
            assertTrue(hc >= 35 && hc <= 65, "humidity centre " + hc);
            SummaryStatistics t = new SummaryStatistics();
            SummaryStatistics h = new SummaryStatistics();
            for (int row = 0; row < SPEC.rowsPerDevice(); row++) {
                t.addValue(g.temperature(devid, row));
                h.addValue(g.humidityCenti(devid, row) / 100.0);
            }
            // Humidity: centre +- 35 (3 sigma); mean within 5 standard errors, sigma ~ 35/3.
            assertEquals(hc, h.getMean(), 5 * (35 / 3.0) / Math.sqrt(h.getN()), "humidity mean of device " + devid);
            assertEquals(35 / 3.0, h.getStandardDeviation(), 0.4, "humidity sigma of device " + devid);
            assertTrue(h.getMin() >= hc - 35 - 0.01 && h.getMax() <= hc + 35 + 0.01, "humidity within centre +- radius");
            // Temperature: truncated to int toward zero, so values sit within the centre +- 17 band.
            assertTrue(t.getMin() >= Math.floor(tc - 17) && t.getMax() <= Math.ceil(tc + 17), "temperature within centre +- radius");
            // Truncation toward zero folds (-1, 1) onto 0, which narrows devices centred near 0.
            if (tc >= 10) assertEquals(17 / 3.0, t.getStandardDeviation(), 0.35, "temperature sigma of device " + devid);
            else assertTrue(t.getStandardDeviation() > 4.5 && t.getStandardDeviation() < 6, "temperature sigma of device " + devid);
            assertEquals(tc, t.getMean(), 1.1, "temperature mean of device " + devid);
        }
    }

    @Test
    void clampsAtThreeSigma() {
        DeviceGenerator g = new DeviceGenerator(SPEC);
        int atEdge = 0;
        int n = 0;
        for (int devid = 1; devid <= 50; devid++) {
            double hc = g.humidityCentre(devid);
            for (int row = 0; row < 10_000; row++, n++) {
                if (Math.abs(g.humidityCenti(devid, row) / 100.0 - hc) >= 34.99) atEdge++;
            }
        }
        // A standard normal is beyond +-3 with probability 0.27%; clamping puts those at the edge.
        assertEquals(0.0027, atEdge / (double) n, 0.0008);
        assertNotEquals(0, atEdge);
    }
}
