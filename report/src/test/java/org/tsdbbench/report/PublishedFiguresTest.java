package org.tsdbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.tsdbbench.report.PublishedFigures.Figure;

class PublishedFiguresTest {

    private final PublishedFigures published = PublishedFigures.load();

    @Test
    void theShippedFileParsesAndEveryFigureNamesItsSource() {
        assertFalse(published.figures().isEmpty());
        for (Figure f : published.figures()) {
            String what = f.test() + " " + f.database();
            assertNotNull(f.report(), what);
            assertFalse(f.report().title().isBlank(), what + ": report title");
            assertFalse(f.report().hardware().isBlank(), what + ": hardware");
            assertFalse(f.report().scale().isBlank(), what + ": scale");
            assertFalse(f.source().isBlank(), what + ": place in the report");
            assertFalse(f.version().isBlank(), what + ": version");
            assertFalse(f.published().isBlank(), what + ": figure as published");
            assertTrue(f.value() > 0, what);
            if (f.test().startsWith("write.")) assertTrue(f.rowsPerRequest() != null && f.clients() != null, what + ": write cell");
        }
    }

    /** The versions are said once per report and pair: each database has one version in each report. */
    @Test
    void aDatabaseHasOneVersionInEachReport() {
        Map<String, String> versions = new HashMap<>();
        for (Figure f : published.figures()) {
            String was = versions.putIfAbsent(f.report().id() + " " + f.database(), f.version());
            if (was != null) assertEquals(was, f.version(), f.test() + " " + f.database());
        }
        assertEquals(8, versions.size(), "report A's six databases, report B's two");
    }

    @Test
    void everyPublishedTestHasTdengineAndTheDatabasesItWasComparedWith() {
        Set<String> tests = published.figures().stream().map(Figure::test).collect(Collectors.toSet());
        for (PublishedComparison.Test t : PublishedComparison.Test.values()) {
            assertTrue(tests.contains(t.id()), t.id());
            assertTrue(published.figure(t.id(), "tdengine").isPresent(), t.id());
        }
        for (String test : List.of("write.best", "q1", "q2.avg.p100", "q3.count.p100", "q4.count.p100", "disk")) {
            assertEquals(Set.of("tdengine", "cassandra"), databases(test), test);
        }
        Set<String> six = Set.of("tdengine", "cassandra", "clickhouse", "influx", "mysql", "opentsdb");
        for (String test : List.of("write.onecore", "read.onecore", "resources.cpu", "resources.memory", "resources.disk")) {
            assertEquals(six, databases(test), test);
        }
        // report A's function tables: MySQL and Cassandra published COUNT..MIN only
        Set<String> four = Set.of("tdengine", "clickhouse", "influx", "opentsdb");
        for (String fn : PublishedComparison.Test.ONE_SENSOR_FUNCTIONS) {
            assertEquals(List.of("first", "last", "stddev", "percentile").contains(fn) ? four : six, databases("q5." + fn + ".d1"), fn);
        }
        for (String fn : PublishedComparison.Test.EIGHTY_PERCENT_FUNCTIONS) {
            assertEquals(List.of("first", "last").contains(fn) ? four : six, databases("q2." + fn + ".p80"), fn);
        }
    }

    /** Report A's 3.5 and 3.6 figures: the rows each test used, its units (KB as 1,024 bytes, ms as s). */
    @Test
    void reportAsResourcesAndFunctionsCarryTheirRows() {
        Figure disk = published.figure("resources.disk", "influx").orElseThrow();
        assertEquals(184_900L * 1024, disk.value());
        assertEquals("184,900 KB", disk.published());
        assertEquals(10_000_000L, disk.rows());
        assertEquals(96.67, published.figure("resources.cpu", "cassandra").orElseThrow().value());
        assertEquals(28.08, published.figure("resources.memory", "cassandra").orElseThrow().value());
        assertEquals(0.0652, published.figure("q5.percentile.d1", "tdengine").orElseThrow().value(), 1e-12);
        assertEquals(200_000L, published.figure("q5.count.d1", "tdengine").orElseThrow().rows());
        assertEquals(20_000L, published.figure("q5.count.d1", "mysql").orElseThrow().rows());
        assertEquals(20_000L, published.figure("q5.count.d1", "opentsdb").orElseThrow().rows());
        assertEquals(2_352.268, published.figure("q2.count.p80", "cassandra").orElseThrow().value(), 1e-9);
        assertEquals(1_000_000_000L, published.figure("q2.count.p80", "cassandra").orElseThrow().rows());
        assertEquals(100_000_000L, published.figure("q2.count.p80", "mysql").orElseThrow().rows());
    }

    @Test
    void figuresAreThoseOfPublishedMd() {
        Figure td = published.figure("write.best", "tdengine").orElseThrow();
        assertEquals(1_477_208, td.value());
        assertEquals(2000, td.rowsPerRequest());
        assertEquals(7, td.clients());
        assertEquals("B", td.report().id());
        assertEquals(100_000_000L, td.report().scaleRows());
        Figure cassandra = published.figure("write.best", "cassandra").orElseThrow();
        assertEquals(61_708, cassandra.value());
        assertEquals(100, cassandra.rowsPerRequest());
        assertEquals(12L << 30, published.figure("disk", "cassandra").orElseThrow().value(), "du -h's 12 GiB");
        Figure oneCore = published.figure("write.onecore", "clickhouse").orElseThrow();
        assertEquals(1_947_167, oneCore.value());
        assertEquals(50_000, oneCore.rowsPerRequest());
        assertEquals(4, oneCore.clients());
        assertEquals(1, oneCore.report().serverCores());
        assertEquals(8, oneCore.report().machineCores());
        assertEquals(432_190, published.figure("read.onecore", "cassandra").orElseThrow().value());
        // the summary's lead of TDengine over Cassandra in the write test: 23.9x
        assertEquals(23.94, PublishedComparison.Test.WRITE_BEST.lead(td.value(), cassandra.value()), 0.01);
    }

    @Test
    void aFigureWithoutItsSourceOrReportIsRefused() throws Exception {
        JsonNode good = RunResults.JSON.readTree(PublishedFigures.class.getResourceAsStream(PublishedFigures.RESOURCE));
        ObjectNode noSource = good.deepCopy();
        ((ObjectNode) noSource.path("figures").get(1)).remove("source");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PublishedFigures.parse(noSource));
        assertTrue(e.getMessage().contains("figure 1 (write.best, cassandra): no source"), e.getMessage());

        ObjectNode badReport = good.deepCopy();
        ((ObjectNode) badReport.path("figures").get(0)).put("report", "Z");
        e = assertThrows(IllegalArgumentException.class, () -> PublishedFigures.parse(badReport));
        assertTrue(e.getMessage().contains("no report Z"), e.getMessage());

        ObjectNode noCell = good.deepCopy();
        ((ObjectNode) noCell.path("figures").get(0)).remove("clients");
        e = assertThrows(IllegalArgumentException.class, () -> PublishedFigures.parse(noCell));
        assertTrue(e.getMessage().contains("names its cell"), e.getMessage());

        ObjectNode wrongUnit = good.deepCopy();
        ((ObjectNode) wrongUnit.path("figures").get(2)).put("unit", "ms");
        assertThrows(IllegalArgumentException.class, () -> PublishedFigures.parse(wrongUnit));

        ObjectNode noTdengine = good.deepCopy();
        ArrayNode figures = (ArrayNode) noTdengine.path("figures");
        for (int i = figures.size() - 1; i >= 0; i--) {
            if (figures.get(i).path("test").asText().equals("disk") && figures.get(i).path("database").asText().equals("tdengine")) figures.remove(i);
        }
        e = assertThrows(IllegalArgumentException.class, () -> PublishedFigures.parse(noTdengine));
        assertTrue(e.getMessage().contains("test disk has no TDengine figure"), e.getMessage());
    }

    private Set<String> databases(String test) {
        return published.figures().stream().filter(f -> f.test().equals(test)).map(Figure::database).collect(Collectors.toSet());
    }
}
