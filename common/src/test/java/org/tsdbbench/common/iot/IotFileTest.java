package org.tsdbbench.common.iot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.tsdbbench.common.iot.Records.Rec;

class IotFileTest {

    @TempDir
    Path dir;

    static final String GOOD = "readings,name=truck_0,fleet=South,driver=Trish,model=H-2,device_version=v2.3 load_capacity=1500,fuel_capacity=150,"
            + "nominal_fuel_consumption=12,latitude=52.31854,longitude=4.72037,elevation=124,velocity=0,heading=221,grade=0,fuel_consumption=25 1451606400000000000";

    private static IotSpec small() {
        return new IotSpec(13, IotSpec.DEFAULT_START_NS, IotSpec.DEFAULT_START_NS + Duration.ofHours(3).toNanos(), IotSpec.DEFAULT_INTERVAL_NS, 77);
    }

    @ParameterizedTest
    @ValueSource(strings = {"data.influx", "data.influx.gz"})
    void aFileReadsBackTheRecordsWritten(String name) throws IOException {
        IotSpec spec = small();
        Path file = dir.resolve(name);
        long written;
        try (IotRowSource all = new IotGenerator(spec).all()) {
            written = IotLineWriter.write(all, file);
        }
        List<Rec> generated = Records.generate(spec);
        assertEquals(generated.size(), written);
        IotFileSummary summary = IotFileReader.validate(file);
        assertEquals(written, summary.records());
        assertEquals(spec.startNs(), summary.minTs());
        assertEquals(spec.intervalNs(), summary.intervalNs());
        assertEquals(spec.trucks(), summary.spec().trucks());
        assertEquals(spec.endNs(), summary.spec().endNs());
        try (IotFileReader reader = new IotFileReader(file, summary)) {
            assertEquals(generated, Records.drain(reader, 1234), "same records in the same order");
        }
        try (IotFileReader reader = new IotFileReader(file, summary)) {
            TruckBatch batch = new TruckBatch(reader.trucks(), 500);
            reader.fill(batch, 500);
            List<Rec> first = Records.of(batch);
            TruckBatch copy = batch.copy();
            reader.fill(batch, 500);
            assertEquals(first, Records.of(copy), "a copy keeps its records when the batch is refilled");
        }
    }

    @Test
    void linesAreTsbsFormat() throws IOException {
        IotSpec spec = small();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (IotRowSource all = new IotGenerator(spec).all(); IotLineWriter writer = new IotLineWriter(out)) {
            TruckBatch batch = new TruckBatch(all.trucks(), 100);
            all.fill(batch, 100);
            writer.write(batch);
        }
        String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(100, lines.length);
        String pattern = "(readings|diagnostics)(,name=truck_\\d+)?(,fleet=(East|West|North|South))?(,driver=[A-Z][a-z]+)?(,model=[-A-Z0-9]+)?"
                + "(,device_version=v[0-9.]+)? (load_capacity=\\d+,?)?(fuel_capacity=\\d+,?)?(nominal_fuel_consumption=\\d+,?)?[a-z_=0-9.,-]+i? \\d{19}";
        for (String line : lines) assertTrue(line.matches(pattern), line);
        assertTrue(lines[0].startsWith("readings,name=truck_"), lines[0]);
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("status=0i"), "status as an integer");
    }

    /** A batch's metrics are TSBS's: the key=value pairs of its lines' field sections, nulls left out (13 trucks, 3 h, every imperfection). */
    @Test
    void aBatchsMetricsAreItsLinesFieldValues() throws IOException {
        try (IotRowSource all = new IotGenerator(small()).all()) {
            TruckBatch batch = new TruckBatch(all.trucks(), 2_000);
            long metrics = 0;
            long fields = 0;
            while (all.fill(batch, batch.capacity()) > 0) {
                metrics += batch.metrics();
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                try (IotLineWriter writer = new IotLineWriter(out)) {
                    writer.write(batch);
                }
                for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) fields += line.split(" ")[1].split(",").length;
            }
            assertEquals(fields, metrics);
            assertTrue(metrics > 0);
        }
    }

    @Test
    void numbersAreTheShortestPlainDecimal() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        IotLineWriter w = new IotLineWriter(out);
        double[] values = {0, 25, 0.1, 52.31854, 0.00001, -3.5, 123456.7, 1e-9, 0.3000000000000001, 4.5e15};
        String[] expected = {"0", "25", "0.1", "52.31854", "0.00001", "-3.5", "123456.7", "0.000000001", "0.3000000000000001", "4500000000000000"};
        StringBuilder all = new StringBuilder();
        for (double v : values) {
            w.appendNumber(v);
            all.append('|');
        }
        // appendNumber writes into the writer's buffer; read it back through close.
        assertDoesNotThrowClose(w);
        String text = out.toString(StandardCharsets.UTF_8);
        StringBuilder want = new StringBuilder();
        for (String e : expected) want.append(e);
        assertEquals(want.toString(), text);
        for (int i = 0; i < values.length; i++) assertEquals(values[i], Double.parseDouble(expected[i]));
    }

    private static void assertDoesNotThrowClose(IotLineWriter w) {
        try {
            w.close();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aTsbsLineReads() throws IOException {
        Path file = write(GOOD, GOOD.replace("readings", "diagnostics").replaceAll("latitude.*25 ", "fuel_state=1,current_load=0,status=0i "));
        IotFileSummary summary = IotFileReader.validate(file);
        assertEquals(1, summary.readings());
        assertEquals(1, summary.diagnostics());
        try (IotFileReader r = new IotFileReader(file, summary)) {
            List<Rec> recs = Records.drain(r, 10);
            assertEquals("truck_0", recs.get(0).tag(IotTag.NAME));
            assertEquals("1500", recs.get(0).tag(IotTag.LOAD_CAPACITY));
            assertEquals(52.31854, recs.get(0).field(IotTable.LATITUDE));
            assertEquals(0.0, recs.get(1).field(IotTable.STATUS));
            assertEquals(1451606400000000000L, recs.get(1).ts());
        }
    }

    /** Each kind of bad line is one line naming the file, the line and what is wrong. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "cpu,hostname=host_0 usage=1 1451606400000000000|unknown measurement 'cpu'",
        "readings,name=truck_0,colour=red load_capacity=1 1|unknown tag 'colour'",
        "readings,name=truck_0,fleet|tag 'fleet' has no '=value'",
        "readings,name=truck_0,fleet= x=1 1|tag fleet has an empty value",
        "readings,name=truck_0,name=truck_1 x=1 1|tag name appears twice",
        "readings,name=truck_0,fleet=South,driver=Trish,model=H-2,device_version=v2.3|expected a space and the fields",
        "readings,name=truck_0,fleet=South,driver=Trish,model=H-2,device_version=v2.3 load_capacity=1500,fuel_capacity=150,nominal_fuel_consumption=12,latitude=1,longitude=1,elevation=1,velocity=1,heading=1,grade=1,speed=1 1|unknown field 'speed' of readings",
        "readings,name=truck_0,fleet=South,driver=Trish,model=H-2,device_version=v2.3 load_capacity=1500,fuel_capacity=150,nominal_fuel_consumption=12,latitude=abc,longitude=1,elevation=1,velocity=1,heading=1,grade=1 1|latitude 'abc' is not a number",
        "readings,name=truck_0,fleet=South,driver=Trish,model=H-2,device_version=v2.3 load_capacity=1500,fuel_capacity=150,nominal_fuel_consumption=12,latitude=1,longitude=1,elevation=1,velocity=1,heading=1,grade=1 x|timestamp 'x' is not an integer",
        "readings,name=truck_0,fleet=South,driver=Trish,model=H-2,device_version=v2.3 load_capacity=1500,fuel_capacity=150,nominal_fuel_consumption=12,latitude=1,longitude=1,elevation=1,velocity=1,heading=1,grade=1|expected a space and the timestamp",
        "readings,name=truck_0,driver=Trish,model=H-2,device_version=v2.3 fuel_capacity=150,nominal_fuel_consumption=12,latitude=1,longitude=1,elevation=1,velocity=1,heading=1,grade=1 1|tags fleet, load_capacity are missing",
        "readings,name=truck_0,fleet=South,driver=Trish,model=H-2,device_version=v2.3 load_capacity=1500,fuel_capacity=150,nominal_fuel_consumption=12,latitude=1,elevation=1,velocity=1,heading=1,grade=1 1|fields longitude, fuel_consumption are missing",
        "readings,name=lorry_0,fleet=South,driver=Trish,model=H-2,device_version=v2.3 load_capacity=1500,fuel_capacity=150,nominal_fuel_consumption=12,latitude=1,longitude=1,elevation=1,velocity=1,heading=1,grade=1 1|name 'lorry_0' is not TSBS's truck_<n>",
        "diagnostics,name=truck_0,fleet=South,driver=Trish,model=H-2,device_version=v2.3 load_capacity=1500,fuel_capacity=150,nominal_fuel_consumption=12,fuel_state=1,current_load=0,status=0 1|status '0' is not an integer",
        "diagnostics,name=truck_0,fleet=South,driver=Trish,model=H-2,device_version=v2.3 load_capacity=1500,fuel_capacity=150,nominal_fuel_consumption=12,fuel_state=1i,current_load=0,status=0i 1|fuel_state '1i' is an integer",
        "diagnostics,name=truck_0,fleet=West,driver=Trish,model=H-2,device_version=v2.3 load_capacity=1500,fuel_capacity=150,nominal_fuel_consumption=12,fuel_state=1,current_load=0,status=0i 1|truck_0 has fleet West here but South on an earlier line",
        "readings,name=truck_0,fleet=\"South\" x=1 1|unexpected '\"'",
    })
    void aBadLineIsOneErrorNamingFileAndLine(String bad, String problem) throws IOException {
        Path file = write(GOOD, bad);
        IotFileException e = assertThrows(IotFileException.class, () -> IotFileReader.validate(file));
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        assertTrue(e.getMessage().startsWith(file + ":2: "), e.getMessage());
        assertTrue(e.getMessage().contains(problem), e.getMessage());
    }

    @Test
    void emptyAndMissingFilesAreErrors() throws IOException {
        Path empty = write();
        assertTrue(assertThrows(IotFileException.class, () -> IotFileReader.validate(empty)).getMessage().contains("holds no records"));
        Path blank = write(GOOD, "", GOOD);
        assertTrue(assertThrows(IotFileException.class, () -> IotFileReader.validate(blank)).getMessage().endsWith(":2: empty line"));
        Path none = dir.resolve("none.gz");
        assertTrue(assertThrows(IotFileException.class, () -> IotFileReader.validate(none)).getMessage().contains("no such TSBS data file"));
    }

    private Path write(String... lines) throws IOException {
        Path file = Files.createTempFile(dir, "iot", ".txt");
        Files.write(file, List.of(lines), StandardCharsets.UTF_8);
        return file;
    }
}
