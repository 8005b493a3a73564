package org.tsdbbench.common.iot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.tsdbbench.common.iot.Records.Rec;

class IotGeneratorTest {

    private static IotSpec spec(int trucks, int hours, long seed) {
        return new IotSpec(trucks, IotSpec.DEFAULT_START_NS, IotSpec.DEFAULT_START_NS + Duration.ofHours(hours).toNanos(),
                IotSpec.DEFAULT_INTERVAL_NS, seed);
    }

    /**
     * Each truck's records with a name in the order a source gave them, and the records without a
     * name by table and time, each such group in the order given (one source makes them all, each
     * group in stream order; between groups the order follows the batches).
     */
    private static Map<Object, List<Rec>> byTruck(List<Rec> records) {
        Map<Object, List<Rec>> m = new HashMap<>();
        for (Rec r : records) {
            Object key = r.tag(IotTag.NAME) == null ? List.of(r.table(), r.ts()) : r.truck();
            m.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
        }
        return m;
    }

    @Property(tries = 12)
    void aTrucksRecordsAreTheSameWhateverTheSplit(@ForAll @IntRange(min = 1, max = 40) int trucks,
            @ForAll @IntRange(min = 1, max = 7) int clients, @ForAll @IntRange(min = 1, max = 9) int block, @ForAll long seed) throws Exception {
        IotSpec spec = spec(trucks, 1, seed);
        Map<Object, List<Rec>> whole = byTruck(Records.generate(spec));
        IotGenerator blocks = new IotGenerator(spec, block);
        int n = Math.min(clients, trucks);
        List<Rec> split = new ArrayList<>();
        for (int c = 0; c < n; c++) {
            try (IotRowSource s = blocks.client(c, n, false)) {
                split.addAll(Records.drain(s, 13 + c));
            }
        }
        assertEquals(whole, byTruck(split));
    }

    @Test
    void threadsMakeTheSameRecordsAsOneThread() throws Exception {
        IotSpec spec = spec(24, 2, 7);
        IotGenerator generator = new IotGenerator(spec);
        Map<Object, List<Rec>> whole = byTruck(Records.generate(spec));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<Rec>>> parts = new ArrayList<>();
            for (int c = 0; c < 6; c++) {
                int client = c;
                parts.add(pool.submit(() -> {
                    try (IotRowSource s = generator.client(client, 6, false)) {
                        return Records.drain(s, 500);
                    }
                }));
            }
            List<Rec> all = new ArrayList<>();
            for (Future<List<Rec>> f : parts) all.addAll(f.get());
            assertEquals(whole, byTruck(all));
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void theImperfectionsHaveTsbsRates() throws Exception {
        IotSpec spec = spec(50, 10, 123);
        List<Rec> records = Records.generate(spec);
        double slots = spec.recordSlots();
        // Missing: 1% of batches, then 9.1% of records: 90.0% present, as in a file of TSBS's generator.
        double present = records.size() / slots;
        assertEquals(0.900, present, 0.01, "share of records present");
        assertEquals(records.size(), new IotGenerator(spec).countRecords());
        long nullField = records.stream().filter(r -> java.util.Arrays.stream(r.fields()).anyMatch(Double::isNaN)).count();
        assertEquals(0.0905, nullField / (double) records.size(), 0.005, "share with a null field");
        long nullTag = records.stream().filter(r -> java.util.Arrays.stream(r.tags()).anyMatch(t -> t == null)).count();
        assertEquals(0.0091, nullTag / (double) records.size(), 0.002, "share with a null tag");
        long nameless = records.stream().filter(r -> r.tag(IotTag.NAME) == null).count();
        assertEquals(0.0091 / 8, nameless / (double) records.size(), 0.0004, "share without a name");
        // As in TSBS, two records of one tick and table may both have lost their name.
        Set<String> namelessSlots = new HashSet<>();
        long shared = 0;
        for (Rec r : records) if (r.tag(IotTag.NAME) == null && !namelessSlots.add(r.table() + "@" + r.ts())) shared++;
        assertTrue(shared > 0, "records without a name sharing a table and time: " + shared);
        // Out of order: most late records stay within their tick (same time); those that cross a tick go back in time.
        long backwards = 0;
        for (int i = 1; i < records.size(); i++) if (records.get(i).ts() < records.get(i - 1).ts()) backwards++;
        assertTrue(backwards > records.size() / 100, "records out of order: " + backwards);
        // No truck has two records of a table at one time.
        Set<String> keys = new HashSet<>();
        for (Rec r : records) assertTrue(keys.add(r.truck() + r.table().measurement + r.ts()), "duplicate " + r);
    }

    @Test
    void valuesFollowTsbsModels() throws Exception {
        List<Rec> records = Records.generate(spec(10, 24, 5));
        for (Rec r : records) {
            if (r.table() == IotTable.READINGS) {
                within(r, IotTable.LATITUDE, -90, 90);
                within(r, IotTable.LONGITUDE, -180, 180);
                within(r, IotTable.ELEVATION, 0, 5000);
                within(r, IotTable.VELOCITY, 0, 100);
                within(r, IotTable.HEADING, 0, 360);
                within(r, IotTable.GRADE, 0, 100);
                within(r, IotTable.FUEL_CONSUMPTION, 0, 50);
                whole(r, IotTable.VELOCITY, 1);
                whole(r, IotTable.LATITUDE, 1e5);
                whole(r, IotTable.FUEL_CONSUMPTION, 10);
            } else {
                within(r, IotTable.FUEL_STATE, 0, 1);
                within(r, IotTable.CURRENT_LOAD, 0, 5000);
                within(r, IotTable.STATUS, 0, 5);
                whole(r, IotTable.STATUS, 1);
                whole(r, IotTable.FUEL_STATE, 10);
            }
        }
        // Tick 0: TSBS's start values.
        Rec first = records.stream().filter(r -> r.ts() == IotSpec.DEFAULT_START_NS && r.table() == IotTable.DIAGNOSTICS
                && !Double.isNaN(r.field(IotTable.FUEL_STATE))).findFirst().orElseThrow();
        assertEquals(1.0, first.field(IotTable.FUEL_STATE));
        // Trucks move: velocities spread over the range, and the truck stands still now and then.
        assertTrue(records.stream().anyMatch(r -> r.table() == IotTable.READINGS && r.field(IotTable.VELOCITY) > 50));
        assertTrue(records.stream().filter(r -> r.table() == IotTable.READINGS && r.field(IotTable.VELOCITY) == 0).count() > 100);
        assertTrue(records.stream().anyMatch(r -> r.table() == IotTable.DIAGNOSTICS && r.field(IotTable.FUEL_STATE) == 0.0), "fuel runs low");
    }

    private static void within(Rec r, int f, double min, double max) {
        double v = r.field(f);
        assertTrue(Double.isNaN(v) || (v >= min && v <= max), r.table().fields().get(f) + " " + v + " outside " + min + ".." + max);
    }

    private static void whole(Rec r, int f, double scale) {
        double v = r.field(f);
        assertTrue(Double.isNaN(v) || Math.abs(v * scale - Math.rint(v * scale)) < 1e-6, r.table().fields().get(f) + " " + v + " not in steps of 1/" + scale);
    }

    @Test
    void anUnboundedSourceGoesOnInLaterPassesWithoutDuplicates() throws Exception {
        IotSpec spec = spec(5, 1, 3);
        long slots = spec.recordSlots();
        try (IotRowSource s = new IotGenerator(spec).source(1, 4, true)) {
            TruckBatch batch = new TruckBatch(s.trucks(), 1000);
            Set<String> keys = new HashSet<>();
            long max = 0;
            long total = 0;
            while (total < 3 * slots) {
                assertEquals(1000, s.fill(batch, 1000));
                for (Rec r : Records.of(batch)) {
                    assertTrue(keys.add(r.truck() + r.table().measurement + r.ts()), "duplicate " + r);
                    assertTrue(r.truck() >= 1 && r.truck() < 4);
                    max = Math.max(max, r.ts());
                }
                total += 1000;
            }
            assertTrue(max >= spec.endNs() + spec.endNs() - spec.startNs(), "a third pass is later than the data set");
        }
    }

    @Test
    void trucksFollowTsbsChoices() {
        Trucks trucks = new IotGenerator(spec(400, 1, 9)).trucks();
        Map<String, Integer> models = new HashMap<>();
        for (int t = 0; t < 400; t++) {
            int model = trucks.code(t, IotTag.MODEL);
            models.merge(trucks.text(IotTag.MODEL, model), 1, Integer::sum);
            assertEquals(model, trucks.code(t, IotTag.LOAD_CAPACITY), "the model decides the capacities");
            assertEquals("truck_" + t, trucks.text(IotTag.NAME, trucks.code(t, IotTag.NAME)));
        }
        assertEquals(Set.of("F-150", "G-2000", "H-2"), models.keySet());
        assertEquals(2000.0, trucks.number(IotTag.LOAD_CAPACITY, GeneratedTrucks.MODELS.indexOf("F-150")));
        assertFalse(models.values().stream().anyMatch(n -> n < 100), "about a third each: " + models);
    }

    @Test
    void scenariosAreReportCs() {
        IotScenario s1 = IotScenario.named("iot-1");
        assertEquals(100, s1.spec().trucks());
        assertEquals(31 * 8640, s1.spec().ticks());
        assertEquals(Duration.ofHours(62), s1.timescaleChunkInterval());
        assertEquals(16, IotScenario.named("iot-5").tdengineSttTrigger());
        assertEquals(18, IotScenario.named("iot-5").spec().ticks());
        assertEquals(10_000_000, IotScenario.named("iot-5").spec().trucks());
        assertEquals(20, IotSpec.defaults().trucks());
    }
}
