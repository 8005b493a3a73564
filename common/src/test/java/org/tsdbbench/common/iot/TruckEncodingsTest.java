package org.tsdbbench.common.iot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A truck's encoding is made once and kept, for the first KEPT trucks of a data set only. */
class TruckEncodingsTest {

    private final List<String> made = new ArrayList<>();
    private final TruckEncodings encodings = new TruckEncodings((trucks, truck) -> {
        String text = trucks.text(IotTag.NAME, trucks.code(truck, IotTag.NAME));
        made.add(text);
        return text.getBytes(StandardCharsets.UTF_8);
    });

    @Test
    void aKeptTrucksEncodingIsMadeOnceAndOneLaterIsMadeEachTime() throws Exception {
        Trucks trucks = trucks(TruckEncodings.KEPT + 10);
        byte[] first = encodings.of(trucks, 3);
        assertSame(first, encodings.of(trucks, 3));
        assertArrayEquals(Trucks.name(trucks.code(3, IotTag.NAME)).getBytes(StandardCharsets.UTF_8), first);
        int past = TruckEncodings.KEPT + 5;
        byte[] late = encodings.of(trucks, past);
        assertNotSame(late, encodings.of(trucks, past));
        assertArrayEquals(late, encodings.of(trucks, past));
        assertEquals(4, made.size(), made.toString());
    }

    @Test
    void anotherDataSetsTrucksAreEncodedAgain() throws Exception {
        Trucks one = trucks(20);
        Trucks other = trucks(20);
        byte[] first = encodings.of(one, 7);
        assertNotSame(first, encodings.of(other, 7));
        assertEquals(2, made.size());
    }

    private static Trucks trucks(int n) throws Exception {
        IotSpec d = IotSpec.defaults();
        try (IotRowSource source = new IotGenerator(new IotSpec(n, d.startNs(), d.endNs(), d.intervalNs(), d.seed())).all()) {
            return source.trucks();
        }
    }
}
