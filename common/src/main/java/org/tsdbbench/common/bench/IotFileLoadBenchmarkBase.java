package org.tsdbbench.common.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.tsdbbench.common.iot.IotDataSet;
import org.tsdbbench.common.iot.IotGenerator;
import org.tsdbbench.common.iot.IotLineWriter;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotScenario;
import org.tsdbbench.common.iot.TruckBatch;

/**
 * The client's work on a load of a TSBS file, no server: the file read by a client as a load reads
 * it (one client of one, its records parsed into batches of {@value #REQUEST}) and each batch built
 * into the module's request, which is all the loader does per record but send. The file is the
 * first {@value #RECORDS} records of report C's iot-2 (4,000 trucks, TSBS's nulls and disorder
 * included) written as {@code tsbs_generate_data --format=influx} writes them, once per trial.
 * A module's subclass says how it builds a request ({@link #build}) and whether its session takes
 * the file's lines as they are ({@link #tsbsLines}, as the load asks the session); the score is
 * records/s per thread, beside the peers' CPU per record in docs/client-cost.md.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public abstract class IotFileLoadBenchmarkBase {

    /** Records in the file. */
    public static final int RECORDS = 200_000;
    /** Records a request: TSBS's loaders' default batch. */
    public static final int REQUEST = 10_000;

    private Path file;
    private IotDataSet data;

    @Setup(Level.Trial)
    public void writeFile() throws IOException {
        file = Files.createTempFile("tsbs-iot", ".influx");
        try (IotRowSource all = new IotGenerator(IotScenario.named("iot-2").spec()).all();
                IotLineWriter lines = new IotLineWriter(Files.newOutputStream(file))) {
            TruckBatch batch = new TruckBatch(all.trucks(), REQUEST);
            for (int left = RECORDS; left > 0 && all.fill(batch, Math.min(left, REQUEST)) > 0; left -= batch.size()) lines.write(batch);
        }
        data = IotDataSet.file(file, 1);
        data.checkFiles();
    }

    @TearDown(Level.Trial)
    public void deleteFile() throws IOException {
        Files.deleteIfExists(file);
    }

    /**
     * Whether the module's session takes a TSBS file's lines as they are ({@code IotSession.takesTsbsLines}):
     * then the batches carry them, as a load's do. False by default.
     */
    protected boolean tsbsLines() {
        return false;
    }

    /** Builds the module's request of a batch; something of it (its size) so that nothing is left unused. */
    protected abstract long build(TruckBatch batch) throws Exception;

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public long readAndBuild() throws Exception {
        long made = 0;
        try (IotRowSource source = data.client(0, 1, false, tsbsLines())) {
            TruckBatch batch = new TruckBatch(source.trucks(), REQUEST);
            while (source.fill(batch, REQUEST) > 0) made += build(batch);
        }
        return made;
    }
}
