package org.tsdbbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What a disk record says the server held: one line for the report, and whether the figure itself holds earlier data. */
class ServerHeldRecordTest {

    @Test
    void aServerThatHeldNothingElseSaysNothing() {
        ServerHeldRecord nothing = new ServerHeldRecord(List.of(), 0L, 0L, false, "dropped tables' blocks");
        assertNull(nothing.describe());
        assertFalse(nothing.figureHoldsLeftovers());
        assertNull(new ServerHeldRecord(null, null, null, null, null).describe());
    }

    @Test
    void otherDatabasesAndLeftoversAreNamedWithWhetherTheFigureCountsThem() {
        ServerHeldRecord beside = new ServerHeldRecord(List.of("test", "other"), 12_345L, 449_521L, false, "blocks of dropped tables");
        assertEquals("other databases: test, other (12,345 bytes); 449,521 bytes of blocks of dropped tables, not counted", beside.describe());
        assertFalse(beside.figureHoldsLeftovers());
        ServerHeldRecord counted = new ServerHeldRecord(List.of(), null, null, true, "cells deleted by earlier runs (until a major compaction)");
        assertEquals("cells deleted by earlier runs (until a major compaction), counted in the figure", counted.describe());
        assertTrue(counted.figureHoldsLeftovers());
    }

    @Test
    void theManifestKeepsItAsWritten() throws Exception {
        DiskRecord disk = new DiskRecord(100, 10, 50L, 5.0, 2.0, "how",
                new ServerHeldRecord(List.of("other"), 7L, 3L, false, "blocks of dropped tables"), null);
        String json = ResultsJson.lineWriter().writeValueAsString(disk);
        assertEquals("{\"rawTextBytes\":100,\"rows\":10,\"bytes\":50,\"bytesPerRow\":5.0,\"compression\":2.0,\"method\":\"how\","
                + "\"serverHeld\":{\"otherDatabases\":[\"other\"],\"otherDatabasesBytes\":7,\"leftoverBytes\":3,\"leftoversCounted\":false,"
                + "\"leftovers\":\"blocks of dropped tables\"}}", json);
        assertEquals(disk, ResultsJson.reader(DiskRecord.class).readValue(json));
    }
}
