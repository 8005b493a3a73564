package org.tsdbbench.common.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StallMeterTest {

    private static final long MS = 1_000_000;

    @Test
    void theLongestGapFromTheFaultOnIsTheStallAndTheGapsBeforeItTheNormal() {
        StallMeter m = new StallMeter();
        m.acknowledged(0);
        m.acknowledged(10 * MS);
        m.acknowledged(40 * MS);         // normal gap 30 ms
        m.fault(45 * MS);
        m.acknowledged(50 * MS);         // in flight at the fault: 5 ms after it
        m.failed(60 * MS);
        m.failed(900 * MS);
        m.acknowledged(3_050 * MS);      // 3 s without an acknowledgement
        m.acknowledged(3_060 * MS);
        WriteStall s = m.result(3_100 * MS);
        assertEquals(3.0, s.stalledSeconds(), 1e-9);
        assertEquals(0.005, s.firstAckAfterSeconds(), 1e-9);
        assertEquals(0.030, s.normalGapSeconds(), 1e-9);
        assertEquals(3, s.requestsAcked());
        assertEquals(2, s.requestsFailed());
        assertTrue(s.describe().contains("writes stalled 3.00 s"), s.describe());
    }

    @Test
    void theStallStartsAtTheFaultNotAtTheLastAcknowledgementBeforeIt() {
        StallMeter m = new StallMeter();
        m.acknowledged(0);
        m.fault(1_000 * MS);
        m.acknowledged(1_500 * MS);
        assertEquals(0.5, m.result(1_500 * MS).stalledSeconds(), 1e-9);
    }

    @Test
    void writesThatNeverResumeStallUntilTheEnd() {
        StallMeter m = new StallMeter();
        m.acknowledged(0);
        m.fault(100 * MS);
        m.failed(200 * MS);
        WriteStall s = m.result(10_100 * MS);
        assertEquals(10.0, s.stalledSeconds(), 1e-9);
        assertEquals(-1, s.firstAckAfterSeconds());
        assertTrue(s.describe().contains("first acknowledgement never"), s.describe());
    }

    @Test
    void anAcknowledgementRecordedOutOfOrderNeverShortensAGap() {
        StallMeter m = new StallMeter();
        m.fault(0);
        m.acknowledged(2_000 * MS);
        m.acknowledged(1_000 * MS);      // a writer that reports late
        assertEquals(2.0, m.result(2_000 * MS).stalledSeconds(), 1e-9);
    }

    @Test
    void withoutAFaultThereIsNoStall() {
        StallMeter m = new StallMeter();
        m.acknowledged(0);
        assertThrows(IllegalStateException.class, () -> m.result(MS));
    }
}
