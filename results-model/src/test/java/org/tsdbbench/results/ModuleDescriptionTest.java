package org.tsdbbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What describe writes the orchestrator reads back whole; what is not a description is one line saying why. */
class ModuleDescriptionTest {

    @Test
    void aDescriptionReadsBackAsWritten() {
        ModuleDescription d = new ModuleDescription("tdengine", "TDengine", "tdengine", new WriteMatrix("1,100", "1-7"), "tdengine-cluster",
                List.of(new ModuleDescription.DescribedWritePath("stmt", Map.of("writeMode", "stmt"), List.of("iot"))), List.of("devices", "iot"),
                List.of(new PublishedCells("iot", "10000x12", "as the published reports ran it")));
        assertEquals(d, ModuleDescription.fromJson(d.toJson()));
        ModuleDescription bare = new ModuleDescription("mysql", "MySQL", "mysql", null, null, List.of(), null, List.of());
        assertEquals("{\"name\":\"mysql\",\"displayName\":\"MySQL\",\"serverScript\":\"mysql\",\"workloads\":[\"devices\"]}", bare.toJson(),
                "what is absent is left out; no workloads named: the devices");
    }

    @Test
    void whatIsNotADescriptionIsOneLineSayingWhy() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> ModuleDescription.fromJson("{\"name\":\"x\",\"workload\":[\"iot\"]}"));
        assertEquals(1, unknown.getMessage().lines().count(), unknown.getMessage());
        assertEquals(true, unknown.getMessage().startsWith("not a module description: Unrecognized field \"workload\""), unknown.getMessage());
        assertEquals("a module description without a name",
                assertThrows(IllegalArgumentException.class, () -> ModuleDescription.fromJson("{\"serverScript\":\"x\"}")).getMessage());
    }
}
