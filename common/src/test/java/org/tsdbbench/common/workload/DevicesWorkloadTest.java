package org.tsdbbench.common.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.data.DeviceDataSet;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.data.Shard;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.query.QueryCatalog;

/** The devices as the first workload: found by name, their catalog listed and parsed back, their data set written and read back. */
class DevicesWorkloadTest {

    private static final Workload DEVICES = DevicesWorkload.INSTANCE;

    @Test
    void theSuiteFindsItsWorkloadsByNameAndNamesTheKnownOnesOtherwise() {
        assertSame(DEVICES, Workloads.find("devices"));
        assertSame(org.tsdbbench.common.iot.IotWorkload.INSTANCE, Workloads.find("iot"));
        assertSame(org.tsdbbench.common.devops.CpuOnlyWorkload.INSTANCE, Workloads.find("cpu-only"));
        assertEquals(List.of(DEVICES, org.tsdbbench.common.iot.IotWorkload.INSTANCE, org.tsdbbench.common.devops.CpuOnlyWorkload.INSTANCE), Workloads.all(),
                "the devices first: the default");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Workloads.find("trucks"));
        assertEquals("no workload 'trucks'; the suite has devices, iot, cpu-only", e.getMessage());
    }

    @Test
    void theWorkloadFlagIsReadInEitherFormBeforeParsing() {
        assertEquals(Optional.of("iot"), Workloads.named("load", "--workload", "iot", "-numOfDevices", "5"));
        assertEquals(Optional.of("iot"), Workloads.named("-workload", "iot"));
        assertEquals(Optional.of("iot"), Workloads.named("query", "--workload=iot"));
        assertEquals(Optional.empty(), Workloads.named("load", "-numOfDevices", "5"));
        assertEquals(Optional.empty(), Workloads.named("load", "--", "--workload", "iot"), "after --, arguments are not options");
    }

    /** The spec lists the catalog, and every query's id names it: the workload parses it back to the same query; an id of no query is named. */
    @Test
    void theCatalogIsListedAndItsIdsParseBackToTheirQueries() {
        DataSpec spec = new WorkloadSpec(10, 30, 1_000L, 7);
        List<? extends Query> catalog = spec.catalog();
        assertEquals(QueryCatalog.all(), catalog);
        assertTrue(catalog.size() > 100, catalog.size() + " queries");
        for (Query q : catalog) assertEquals(q, DEVICES.query(q.id()), q.id());
        LogicalQuery range = LogicalQuery.range(7, 1_000, 2_000);
        assertEquals(range, DEVICES.query(range.id()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DEVICES.query("q9.avg.p10"));
        assertTrue(e.getMessage().startsWith("'q9.avg.p10' is not a query id"), e.getMessage());
    }

    /** One table whose tags, time and fields are the columns of the data files, in their order. */
    @Test
    void theTableNamesTheDataFilesColumnsWithTheirTypes() {
        Table devices = DEVICES.tables().get(0);
        assertEquals(1, DEVICES.tables().size());
        assertEquals("devices", devices.name());
        List<String> columns = new ArrayList<>();
        devices.tags().forEach(c -> columns.add(c.name()));
        columns.add(devices.timeColumn());
        devices.fields().forEach(c -> columns.add(c.name()));
        assertEquals(List.of("devid", "devname", "devgroup", "ts", "temperature", "humidity"), columns);
        assertEquals(Table.Type.INT, devices.fields().get(0).type(), "temperature is an integer");
        assertEquals(Table.Type.TEXT, devices.tags().get(1).type(), "devname is text");
        assertTrue(devices.tags().stream().noneMatch(Table.Column::nullable) && devices.fields().stream().noneMatch(Table.Column::nullable));
    }

    /** What the settings file carries: the same data set comes back, generated or from files, with its shard. */
    @Test
    void aDataSetWrittenToJsonIsReadBackAlike() throws Exception {
        ObjectMapper json = new ObjectMapper();
        WorkloadSpec spec = new WorkloadSpec(40, 300, 1_000L, 7);
        for (DeviceDataSet data : List.of(DeviceDataSet.generated(spec), new DeviceDataSet(spec, Path.of("/data/set"), 4).withShard(new Shard(1, 2)))) {
            ObjectNode node = json.createObjectNode();
            data.writeJson(node);
            assertEquals(data, DEVICES.readDataSet(json.readTree(json.writeValueAsString(node))));
            assertSame(DEVICES, data.workload());
        }
        assertEquals(DeviceDataSet.generated(WorkloadSpec.defaults()), DEVICES.defaultDataSet());
    }

    /** Generated rows are counted from the spec (this shard's devices); file rows only by reading them. */
    @Test
    void generatedRowsAreKnownWithoutReadingThem() {
        WorkloadSpec spec = new WorkloadSpec(10, 30, 1_000L, 7);
        assertEquals(OptionalLong.of(300), DeviceDataSet.generated(spec).knownRows());
        assertEquals(OptionalLong.of(90), DeviceDataSet.generated(spec).withShard(new Shard(0, 3)).knownRows(), "devices 1..3");
        assertEquals(OptionalLong.empty(), new DeviceDataSet(spec, Path.of("/data"), 2).knownRows());
        assertEquals("devices", DeviceDataSet.generated(spec).splitUnit());
        assertEquals("files", new DeviceDataSet(spec, Path.of("/data"), 2).splitUnit());
    }
}
