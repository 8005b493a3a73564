package org.tsdbbench.common.iot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.data.Shard;
import org.tsdbbench.common.iot.Records.Rec;

/** A TSBS file read by clients that each own some of its trucks. */
class FileLinesTest {

    @TempDir
    Path dir;

    private static final String NAMED_FIRST = IotFileTest.GOOD;
    /** The same record with its name after the fleet: not TSBS's order, still a valid line. */
    private static final String NAMED_SECOND = NAMED_FIRST.replace("name=truck_0,fleet=South", "fleet=South,name=truck_3")
            .replace("1451606400000000000", "1451606410000000000");
    private static final String NAMELESS = NAMED_FIRST.replace("name=truck_0,", "").replace("1451606400000000000", "1451606420000000000");

    @Test
    void aLineWhoseNameIsNotItsFirstTagIsReadByTheClientOwningItsTruck() throws IOException {
        Path file = dir.resolve("order.influx");
        Files.write(file, List.of(NAMED_FIRST, NAMED_SECOND, NAMELESS));
        IotFileSummary summary = IotFileReader.validate(file);
        List<Rec> all;
        try (IotFileReader reader = new IotFileReader(file, summary)) {
            all = Records.drain(reader, 10);
        }
        assertEquals(3, all.size());
        for (int clients = 2; clients <= 4; clients++) {
            List<Rec> parts = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                try (IotFileReader reader = new IotFileReader(file, summary, new TruckPart(Shard.WHOLE, c, clients), 0)) {
                    parts.addAll(Records.drain(reader, 10));
                }
            }
            assertEquals(all.size(), parts.size(), "records read by " + clients + " clients");
            assertEquals(new java.util.HashSet<>(all), new java.util.HashSet<>(parts), "records read by " + clients + " clients");
        }
    }
}
